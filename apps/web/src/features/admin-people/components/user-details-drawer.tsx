import { Drawer, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AdminUser } from '@plinth/domain/admin';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { companyOf, roleLabelOf } from '../utils/people-labels';
import { RawSubscriptionStatus, SubscriptionBadge, VerificationBadge } from './people-badges';

interface UserDetailsDrawerProps {
  /** Kept while the drawer closes, so its text does not vanish mid-animation. */
  user: AdminUser | null;
  opened: boolean;
  onClose: () => void;
}

/** View / View Details: every field the admin list has on one person. */
export function UserDetailsDrawer({ user, opened, onClose }: UserDetailsDrawerProps) {
  const isMobile = useIsMobile();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isMobile ? '100%' : 'md'}
      title={user ? user.name : 'User details'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {user && (
        <Stack gap="md">
          <Field label="Email" value={<span style={{ overflowWrap: 'anywhere' }}>{user.email}</span>} />
          <SimpleGrid cols={2} spacing="md">
            <Field label="Role" value={roleLabelOf(user)} />
            <Field label="Status" value={<VerificationBadge status={user.verification_status} />} />
            <Field label="Company" value={companyOf(user)} />
            <Field label="Company type" value={user.company_type || 'Not specified'} />
            <Field label="Joined" value={formatDate(user.created_at)} />
            {user.role === 'funder' && (
              <Field
                label="Subscription"
                value={<SubscriptionBadge status={user.derived_subscription_status} />}
              />
            )}
          </SimpleGrid>
          {user.role === 'funder' && (
            <SimpleGrid cols={2} spacing="md">
              <Field
                label="Stored status"
                value={<RawSubscriptionStatus status={user.subscription_status} />}
              />
              <Field
                label="Period ends"
                value={user.subscription_period_end ? formatDateTime(user.subscription_period_end) : '—'}
              />
              <Field label="Cancels at period end" value={user.cancel_at_period_end ? 'Yes' : 'No'} />
            </SimpleGrid>
          )}
          <Field
            label="User id"
            value={
              <Text component="span" ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere' }}>
                {user.id}
              </Text>
            }
          />
        </Stack>
      )}
    </Drawer>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text fz="sm" c="gray.7">
        {label}
      </Text>
      <Text component="div" fw={600} fz="sm">
        {value}
      </Text>
    </div>
  );
}
