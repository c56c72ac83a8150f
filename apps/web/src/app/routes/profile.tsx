import { Stack, Text, Title } from '@mantine/core';
import { ProfileView } from '../../features/profile/components/profile-view';
import { SubscriptionSummary } from '../../features/subscription/components/subscription-summary';
import { useMe } from '../../lib/get-me';

/** /profile (spec 000 section 2): My Profile, the funder's plan, the person's data and account. */
export default function ProfileRoute() {
  const me = useMe().data;
  if (!me) return null;
  const hasPlan =
    me.role === 'funder' && (me.subscription_status === 'active' || me.subscription_status === 'cancelled');
  return (
    <Stack gap="lg" maw={880}>
      <title>My Profile | Plinth</title>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          My Profile
        </Title>
        <Text c="gray.7">Your details as other people on Plinth see them, your data and your account.</Text>
      </Stack>
      <ProfileView
        userId={me.id}
        subscription={
          hasPlan ? (
            <SubscriptionSummary status={me.subscription_status} periodEnd={me.subscription_period_end} />
          ) : undefined
        }
      />
    </Stack>
  );
}
