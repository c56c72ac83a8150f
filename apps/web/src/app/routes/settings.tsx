import { Stack, Text, Title } from '@mantine/core';
import { EmailPreferences } from '../../features/settings/components/email-preferences';
import { useMe } from '../../lib/get-me';

/** /settings (spec 000 section 2): e-mail notification preferences for the person's role. */
export default function SettingsRoute() {
  const me = useMe().data;
  if (!me) return null;
  return (
    <Stack gap="lg" maw={880}>
      <title>Settings | Plinth</title>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Settings
        </Title>
        <Text c="gray.7">What Plinth e-mails you about.</Text>
      </Stack>
      <EmailPreferences role={me.role} />
    </Stack>
  );
}
