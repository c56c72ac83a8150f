import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CRITERIA_PAUSE_DAYS } from '@plinth/domain/listing-alerts';
import { IconBellPause } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useConfirmFunderCriteria } from '../api/confirm-funder-criteria';
import { useAlertStanding } from '../api/get-alert-standing';

/**
 * Issue 22 item 3: lending criteria not confirmed for 30 days pause the funder's listing alerts.
 * While they are paused the dashboard says so, with Confirm (still accurate: alerts on again) and a
 * link to change them on /settings. Nothing is shown while alerts run, load or cannot be read.
 */
export function PausedAlertsNotice() {
  const standing = useAlertStanding();
  const confirm = useConfirmFunderCriteria();
  if (!standing.data?.paused) return null;

  const confirmCriteria = () =>
    confirm.mutate(undefined, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Lending Criteria Confirmed',
          message: 'Your listing alerts are on again',
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Failed to confirm lending criteria',
          message: error.message,
        }),
    });

  return (
    <Alert
      color="yellow"
      variant="light"
      c="dark.7"
      title="Your listing alerts are paused"
      icon={<IconBellPause aria-hidden />}
      role="region"
    >
      <Stack gap="sm">
        <Text fz="sm">
          Your lending criteria were last confirmed more than {CRITERIA_PAUSE_DAYS} days ago, so you are not
          told about new listings that match them. Confirm they are still accurate, or change them.
        </Text>
        {confirm.isError && (
          <Text fz="sm" c="red.9" role="alert">
            {confirm.error.message}
          </Text>
        )}
        <Group gap="md">
          <Button size="sm" onClick={confirmCriteria} loading={confirm.isPending}>
            Confirm
          </Button>
          <Anchor component={Link} to="/settings" fz="sm" fw={600}>
            Edit criteria
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  );
}
