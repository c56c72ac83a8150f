import { Stack, Text, Title } from '@mantine/core';
import { EmailPreferences } from '../../features/settings/components/email-preferences';
import { LendingCriteria } from '../../features/settings/components/lending-criteria';
import { useMe } from '../../lib/get-me';

/**
 * /settings (spec 000 section 2): e-mail notification preferences for the person's role, and for a
 * funder their lending criteria (issue 22).
 */
export default function SettingsRoute() {
  const me = useMe().data;
  if (!me) return null;
  const isFunder = me.role === 'funder';
  return (
    <Stack gap="lg" maw={880}>
      <title>Settings | Plinth</title>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Settings
        </Title>
        <Text c="gray.7">
          {isFunder
            ? 'What you lend on, and what Plinth e-mails you about.'
            : 'What Plinth e-mails you about.'}
        </Text>
      </Stack>
      {isFunder && <LendingCriteria />}
      <EmailPreferences role={me.role} />
    </Stack>
  );
}
