import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { SUBSCRIPTION_FEE_AUD, SUBSCRIPTION_PLAN_NAME } from '@plinth/domain/constants';
import { formatAud } from '@plinth/domain/format';
import type { SubscriptionStatus } from '@plinth/domain/roles';
import { IconClockHour4, IconHourglass } from '@tabler/icons-react';
import { StatCards } from './stat-cards';

type FunderState = 'pending-approval' | 'payment-processing' | 'subscribe' | 'active';

/** Spec 000 section 2 (Dashboard, funder): approval first, then the subscription. */
function funderStateOf(isApproved: boolean, subscription: SubscriptionStatus): FunderState {
  if (!isApproved) return 'pending-approval';
  if (subscription === 'payment_pending') return 'payment-processing';
  if (subscription !== 'active') return 'subscribe';
  return 'active';
}

interface FunderDashboardProps {
  isApproved: boolean;
  subscriptionStatus: SubscriptionStatus;
}

export function FunderDashboard({ isApproved, subscriptionStatus }: FunderDashboardProps) {
  const state = funderStateOf(isApproved, subscriptionStatus);
  switch (state) {
    case 'pending-approval':
      return (
        <Alert
          color="yellow"
          variant="light"
          c="dark.7"
          title="Account Pending Approval"
          icon={<IconClockHour4 aria-hidden />}
        >
          An admin reviews every new funder account, usually within 24 hours. You will be notified as soon as
          your account is approved.
        </Alert>
      );
    case 'payment-processing':
      return (
        <Alert
          color="navy"
          variant="light"
          c="navy.9"
          title="Payment processing"
          icon={<IconHourglass aria-hidden />}
        >
          We are confirming your subscription payment. Your access will be activated shortly.
        </Alert>
      );
    case 'subscribe':
      return <SubscribeBanner />;
    case 'active':
      return (
        <Stack gap="xs">
          <StatCards
            stats={[
              { title: 'ACTIVE DEALS', value: '0' },
              { title: 'IN DUE DILIGENCE', value: '0' },
              { title: 'PENDING REQUESTS', value: '0' },
            ]}
          />
          <Text fz="sm" c="gray.7">
            Your deals and access requests appear here once project listings open.
          </Text>
        </Stack>
      );
    default:
      return state satisfies never;
  }
}

function SubscribeBanner() {
  return (
    <Paper radius="md" p="xl" bg="navy.9" c="white">
      <Group justify="space-between" align="center" gap="lg">
        <Stack gap={4} maw={560}>
          <Title order={2} fz="xl" c="white">
            Subscribe Now - {formatAud(SUBSCRIPTION_FEE_AUD)}/month
          </Title>
          <Text c="navy.0">
            {SUBSCRIPTION_PLAN_NAME} access: browse every vetted project, request full details, open deal
            rooms and submit indicative quotes.
          </Text>
        </Stack>
        <Button variant="white" color="navy" disabled>
          Subscriptions open soon
        </Button>
      </Group>
    </Paper>
  );
}
