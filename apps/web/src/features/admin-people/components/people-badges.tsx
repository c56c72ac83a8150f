import { Badge, Text } from '@mantine/core';
import type { AdminUser } from '@plinth/domain/admin';

// Spec 001 section 9: success for active and approved, warning for pending; inactive is neutral.
const verificationColours: Record<AdminUser['verification_status'], string> = {
  Approved: 'green',
  Pending: 'yellow',
};

const subscriptionColours: Record<AdminUser['derived_subscription_status'], string> = {
  Active: 'green',
  'Pending Review': 'yellow',
  Inactive: 'gray',
};

function StatusBadge({ label, colour }: { label: string; colour: string }) {
  // Mantine's shade 9 on a light badge is under 4.5:1 for yellow and green: darken the text further.
  return (
    <Badge
      color={colour}
      variant="light"
      c={`color-mix(in srgb, var(--mantine-color-${colour}-9) 65%, black)`}
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}

export function VerificationBadge({ status }: { status: AdminUser['verification_status'] }) {
  return <StatusBadge label={status} colour={verificationColours[status]} />;
}

export function SubscriptionBadge({ status }: { status: AdminUser['derived_subscription_status'] }) {
  return <StatusBadge label={status} colour={subscriptionColours[status]} />;
}

/** The subscription status as stored (payment_pending, cancelled…), for the admins who act on it. */
export function RawSubscriptionStatus({ status }: { status: AdminUser['subscription_status'] }) {
  return (
    <Text component="span" ff="monospace" fz="xs">
      {status}
    </Text>
  );
}
