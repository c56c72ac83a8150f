import { Alert, Button, Stack, Text } from '@mantine/core';
import { marketplaceMessages } from '@plinth/domain/marketplace';
import { IconClockHour4, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { MarketplaceGate } from '../utils/marketplace-gate';

/** 'Account Pending Approval' or 'Subscription Required' (with the way to the dashboard). */
export function MarketplaceGateNotice({ gate }: { gate: MarketplaceGate }) {
  if (gate === 'pending-approval') {
    return (
      <Alert
        color="yellow"
        variant="light"
        c="dark.7"
        title={marketplaceMessages.pendingApprovalTitle}
        icon={<IconClockHour4 aria-hidden />}
      >
        An admin reviews every new funder account, usually within 24 hours. The marketplace opens as soon as
        your account is approved.
      </Alert>
    );
  }
  return (
    <Alert
      color="navy"
      variant="light"
      c="dark.7"
      title={marketplaceMessages.subscriptionRequiredTitle}
      icon={<IconLock aria-hidden />}
    >
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">
          Browsing projects and requesting access needs an active Professional Funder subscription. Subscribe
          from your dashboard.
        </Text>
        <Button component={Link} to="/dashboard" size="sm">
          Go to Dashboard
        </Button>
      </Stack>
    </Alert>
  );
}
