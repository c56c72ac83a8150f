import { Anchor, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { accountErrorTitles, preferenceFlagsFor, preferenceLabels } from '@plinth/domain/account';
import type { NotificationPreferenceFlag } from '@plinth/domain/notifications';
import type { Role } from '@plinth/domain/roles';
import { Link } from 'react-router';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { usePreferences, useUpdatePreference } from '../api/notification-preferences';
import { ListingAlerts } from './listing-alerts';

/**
 * Settings (spec 000 sections 2-3): the e-mails that apply to the person's role. A funder's listing
 * alerts (issue 22) come first, as their own card: how the alerts for listings that match their
 * lending criteria (the card above) are e-mailed.
 */
export function EmailPreferences({ role }: { role: Role | null }) {
  return (
    <>
      {role === 'funder' && <ListingAlerts />}
      <EmailPreferencesCard role={role} />
    </>
  );
}

/** The e-mail switches, each saved at once. */
function EmailPreferencesCard({ role }: { role: Role | null }) {
  const preferences = usePreferences();
  const update = useUpdatePreference();

  const change = (flag: NotificationPreferenceFlag, value: boolean) =>
    update.mutate(
      { flag, value },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            title: 'Preferences Saved',
            message: `${preferenceLabels[flag].label} e-mails ${value ? 'on' : 'off'}`,
          }),
        onError: () =>
          notifications.show({
            color: 'red',
            title: accountErrorTitles.preferences,
            message: accountErrorTitles.preferencesText,
          }),
      },
    );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Email notifications
          </Title>
          <Text c="gray.7" fz="sm">
            Choose the e-mails you receive. You always see every notification in the app.
          </Text>
        </div>
        {preferences.isPending ? (
          <LoadingBlock label="Loading preferences" />
        ) : preferences.isError ? (
          <LoadFailedAlert title="Failed to load preferences">{preferences.error.message}</LoadFailedAlert>
        ) : (
          preferenceFlagsFor(role).map((flag) => (
            <Switch
              key={flag}
              label={preferenceLabels[flag].label}
              description={preferenceLabels[flag].description}
              checked={preferences.data[flag]}
              onChange={(e) => change(flag, e.currentTarget.checked)}
              styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            />
          ))
        )}
        <Text fz="sm">
          Your name, company details, data and account are on{' '}
          <Anchor component={Link} to="/profile">
            your profile
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}
