import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { SUBSCRIPTION_PLAN_NAME } from '@plinth/domain/constants';
import type { SubscriptionStatus } from '@plinth/domain/roles';
import { formatDate } from '../../../lib/format';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useSubscription } from '../api/get-subscription';
import { monthlyPrice } from '../utils/labels';

interface SubscriptionSummaryProps {
  status: SubscriptionStatus;
  periodEnd: string | null;
}

/**
 * The funder's plan on their dashboard: the current period and 'Cancel subscription' while active;
 * once cancelled, 'Active until {date}' (access is kept until the paid period ends, spec 000).
 */
export function SubscriptionSummary({ status, periodEnd }: SubscriptionSummaryProps) {
  const isCancelled = status === 'cancelled';
  // The price this funder pays (the one they subscribed at), from the server.
  const info = useSubscription();
  const price = info.data ? monthlyPrice(info.data.amount_cents / 100) : null;
  const period = periodEnd ? `current period ends ${formatDate(periodEnd)}` : null;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={700}>{SUBSCRIPTION_PLAN_NAME}</Text>
            {/* Mantine's shade 9 on a light badge is under 4.5:1 for green: darken the text further. */}
            <Badge
              color={isCancelled ? 'yellow' : 'green'}
              variant="light"
              c={isCancelled ? 'dark.7' : 'color-mix(in srgb, var(--mantine-color-green-9) 65%, black)'}
            >
              {isCancelled ? 'Cancelled' : 'Active'}
            </Badge>
          </Group>
          <Text fz="sm" c="gray.7">
            {isCancelled
              ? periodEnd
                ? `Active until ${formatDate(periodEnd)}`
                : 'Cancelled'
              : [price, period].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        {status === 'active' && <CancelSubscriptionAction periodEnd={periodEnd} />}
      </Group>
    </Paper>
  );
}

/** 'Cancel subscription' with a confirmation; 'Cancellation Failed' with the server's message on error. */
export function CancelSubscriptionAction({ periodEnd }: { periodEnd: string | null }) {
  const [opened, { open, close }] = useDisclosure(false);
  const cancel = useCancelSubscription();

  const confirm = async () => {
    try {
      const result = await cancel.mutateAsync();
      const until = result.subscription_period_end ?? periodEnd;
      notifications.show({
        color: 'green',
        title: 'Subscription Cancelled',
        message: until ? `Active until ${formatDate(until)}` : result.message,
      });
      close();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Cancellation Failed',
        message: error instanceof Error && error.message ? error.message : 'Failed to cancel subscription',
      });
    }
  };

  return (
    <>
      <Button variant="default" c="red.9" size="sm" onClick={open}>
        Cancel subscription
      </Button>
      <Modal
        opened={opened}
        onClose={() => !cancel.isPending && close()}
        title="Cancel subscription?"
        centered
      >
        <Stack gap="md">
          <Text>
            Your subscription will not renew.{' '}
            {periodEnd
              ? `You keep full access until ${formatDate(periodEnd)}.`
              : 'You keep full access until the end of the paid period.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={cancel.isPending} data-autofocus>
              Keep subscription
            </Button>
            <Button color="red.9" loading={cancel.isPending} onClick={confirm}>
              Confirm cancellation
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
