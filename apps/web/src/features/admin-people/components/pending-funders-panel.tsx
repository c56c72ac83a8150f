import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AdminUser } from '@plinth/domain/admin';
import { LoadingBlock, UnavailableNotice } from '../../../components/load-states';
import { useAdminUsers } from '../api/get-admin-users';
import { useDialogTarget } from '../hooks/use-dialog-target';
import { companyOf } from '../utils/people-labels';
import { ForceApproveDialog } from './force-approve-dialog';
import type { OverrideDialogComponent } from './override-dialog-slot';
import { RawSubscriptionStatus, VerificationBadge } from './people-badges';

const SHOWN = 20;

interface PendingFundersPanelProps {
  /** The admin panel's override dialog, handed in by the route. */
  OverrideDialog: OverrideDialogComponent;
}

/**
 * God Mode's pending funders (spec 001 section 2.3): not approved, or a subscription pending or
 * inactive, each with Force Approve & Activate (an override, with a reason).
 */
export function PendingFundersPanel({ OverrideDialog }: PendingFundersPanelProps) {
  const funders = useAdminUsers({ role: 'funder', filter: 'pending_funders', page: 1, limit: SHOWN });
  const approving = useDialogTarget<AdminUser>();
  const data = funders.data;

  return (
    <section aria-labelledby="pending-funders-heading">
      <Title id="pending-funders-heading" order={3} fz="md" mb="sm">
        Pending funders{data && data.total > 0 ? ` (${data.total})` : ''}
      </Title>
      {funders.isLoading ? (
        <LoadingBlock compact label="Loading pending funders" />
      ) : funders.isError || !data ? (
        <UnavailableNotice>The pending funders are not available right now.</UnavailableNotice>
      ) : data.items.length === 0 ? (
        <Text c="gray.7">No funders are waiting for approval or a subscription.</Text>
      ) : (
        <Stack gap="xs">
          {data.items.map((funder) => (
            <Paper key={funder.id} withBorder radius="md" p="sm">
              <Group justify="space-between" align="center" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} fz="sm">
                    {funder.name} · {companyOf(funder)}
                  </Text>
                  <Text fz="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {funder.email}
                  </Text>
                  <Group gap={6}>
                    <VerificationBadge status={funder.verification_status} />
                    <RawSubscriptionStatus status={funder.subscription_status} />
                  </Group>
                </Stack>
                <Button size="xs" color="red.9" onClick={() => approving.open(funder)}>
                  Force Approve & Activate
                </Button>
              </Group>
            </Paper>
          ))}
          {data.total > data.items.length && (
            <Text fz="sm" c="gray.7">
              Showing the newest {data.items.length} of {data.total}; the Funders and Subscriptions tabs list
              them all.
            </Text>
          )}
        </Stack>
      )}
      <ForceApproveDialog
        OverrideDialog={OverrideDialog}
        funder={approving.target}
        opened={approving.isOpen}
        onClose={approving.close}
      />
    </section>
  );
}
