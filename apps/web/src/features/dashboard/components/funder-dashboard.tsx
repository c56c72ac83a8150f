import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { SUBSCRIPTION_PLAN_NAME } from '@plinth/domain/constants';
import type { SubscriptionStatus } from '@plinth/domain/roles';
import { hasMarketplaceAccess } from '@plinth/domain/subscriptions';
import { IconClockHour4, IconHourglass } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PausedAlertsNotice } from './paused-alerts-notice';
import { StatCards } from './stat-cards';

type FunderState = 'pending-approval' | 'payment-processing' | 'subscribe' | 'active';

/**
 * Spec 000 section 2 (Dashboard, funder): approval first, then the subscription. A cancelled
 * subscription still counts as active until its paid period ends (the domain's access rule).
 */
function funderStateOf(
  isApproved: boolean,
  subscriptionStatus: SubscriptionStatus,
  subscriptionPeriodEnd: string | null,
): FunderState {
  if (!isApproved) return 'pending-approval';
  if (subscriptionStatus === 'payment_pending') return 'payment-processing';
  const hasAccess = hasMarketplaceAccess({
    role: 'funder',
    approved: isApproved,
    subscription_status: subscriptionStatus,
    subscription_period_end: subscriptionPeriodEnd,
  });
  return hasAccess ? 'active' : 'subscribe';
}

export interface FunderDashboardStats {
  active_deals: number;
  in_due_diligence: number;
  pending_requests: number;
}

interface FunderDashboardProps {
  isApproved: boolean;
  subscriptionStatus: SubscriptionStatus;
  subscriptionPeriodEnd: string | null;
  /** The 'Subscribe Now - $299/month' button and its modal (features/subscription), composed by the route. */
  subscribeAction: ReactNode;
  /** The plan, its period and 'Cancel subscription' (features/subscription), shown while active. */
  subscriptionSummary: ReactNode;
  /** From GET /api/dashboard/funder; null while it loads (or if it failed). */
  stats: FunderDashboardStats | null;
  /** 'Your Active Deals' (features/portfolio), composed by the route under this section's heading. */
  activeDeals: ReactNode;
  /** 'Recommended for You' (features/marketplace), composed by the route under this section's heading. */
  recommended: ReactNode;
}

export function FunderDashboard({
  isApproved,
  subscriptionStatus,
  subscriptionPeriodEnd,
  subscribeAction,
  subscriptionSummary,
  stats,
  activeDeals,
  recommended,
}: FunderDashboardProps) {
  const state = funderStateOf(isApproved, subscriptionStatus, subscriptionPeriodEnd);
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
          Payment received — an admin will activate your subscription shortly. You will be notified as soon as
          your marketplace access is open.
        </Alert>
      );
    case 'subscribe':
      return <SubscribeBanner action={subscribeAction} />;
    case 'active':
      return (
        <ActiveFunderDashboard
          stats={stats}
          summary={subscriptionSummary}
          activeDeals={activeDeals}
          recommended={recommended}
        />
      );
    default:
      return state satisfies never;
  }
}

function SubscribeBanner({ action }: { action: ReactNode }) {
  return (
    <Paper radius="md" p="xl" bg="navy.9" c="white">
      <Group justify="space-between" align="center" gap="lg">
        <Stack gap={4} maw={560}>
          <Title order={2} fz="xl" c="white">
            Your account is approved: subscribe to open the marketplace
          </Title>
          <Text c="navy.0">
            {SUBSCRIPTION_PLAN_NAME} access: browse every vetted project, request full details, open deal
            rooms and submit indicative quotes.
          </Text>
        </Stack>
        {action}
      </Group>
    </Paper>
  );
}

function ActiveFunderDashboard({
  stats,
  summary,
  activeDeals,
  recommended,
}: {
  stats: FunderDashboardStats | null;
  summary: ReactNode;
  activeDeals: ReactNode;
  recommended: ReactNode;
}) {
  const pending = '—';
  return (
    <Stack gap="xl">
      {/* Listing alerts paused for criteria unconfirmed for 30 days (issue 22 item 3); else nothing. */}
      <PausedAlertsNotice />
      <StatCards
        stats={[
          { title: 'ACTIVE DEALS', value: stats ? String(stats.active_deals) : pending },
          { title: 'IN DUE DILIGENCE', value: stats ? String(stats.in_due_diligence) : pending },
          { title: 'PENDING REQUESTS', value: stats ? String(stats.pending_requests) : pending },
        ]}
      />
      {summary}
      <section aria-labelledby="active-deals-heading">
        <Title order={2} fz="xl" mb="md" id="active-deals-heading">
          Your Active Deals
        </Title>
        {activeDeals}
      </section>
      <section aria-labelledby="recommended-heading">
        <Title order={2} fz="xl" mb="md" id="recommended-heading">
          Recommended for You
        </Title>
        {recommended}
      </section>
    </Stack>
  );
}
