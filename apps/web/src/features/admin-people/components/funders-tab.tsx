import { Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AdminUser } from '@plinth/domain/admin';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { EmailText } from '../../../components/email-text';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useLoadFailedNotice } from '../../../lib/use-load-failed-notice';
import { PEOPLE_PER_PAGE, useAdminUsers } from '../api/get-admin-users';
import { useDialogTarget } from '../hooks/use-dialog-target';
import { companyOf } from '../utils/people-labels';
import { ForceApproveDialog } from './force-approve-dialog';
import { ListEmpty, ListFailed, ListLoading, ListPagination } from './list-states';
import type { OverrideDialogComponent } from './override-dialog-slot';
import { RawSubscriptionStatus, SubscriptionBadge, VerificationBadge } from './people-badges';

type FundersFilter = 'all' | 'unapproved';

const filters: { value: FundersFilter; label: string }[] = [
  { value: 'all', label: 'All Funders' },
  { value: 'unapproved', label: 'Pending Approval' },
];

interface FundersTabProps {
  /** The admin panel's override dialog, handed in by the route. */
  OverrideDialog: OverrideDialogComponent;
}

/**
 * The Funders tab (spec 001 section 2.3): a card per funder; Approve Funder on those not approved
 * goes through the override dialog and also activates their subscription.
 */
export function FundersTab({ OverrideDialog }: FundersTabProps) {
  const isMobile = useIsMobile();
  const [filter, setFilter] = useState<FundersFilter>('all');
  const [page, setPage] = useState(1);
  const funders = useAdminUsers({ role: 'funder', filter, page, limit: PEOPLE_PER_PAGE });
  useLoadFailedNotice(funders.isError);
  const approving = useDialogTarget<AdminUser>();
  const data = funders.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={0}>
          <Title order={2} fz="lg">
            Funders
          </Title>
          {data && (
            <Text fz="sm" c="gray.7">
              {data.counts.funders} {data.counts.funders === 1 ? 'funder' : 'funders'}
            </Text>
          )}
        </Stack>
        <SegmentedControl
          aria-label="Filter funders"
          value={filter}
          onChange={(value) => {
            setFilter(value as FundersFilter);
            setPage(1);
          }}
          data={filters}
          fullWidth={isMobile}
        />
      </Group>

      {funders.isLoading ? (
        <ListLoading label="Loading funders" />
      ) : funders.isError && !data ? (
        <ListFailed onRetry={() => funders.refetch()} />
      ) : !data || data.items.length === 0 ? (
        <ListEmpty text={filter === 'unapproved' ? 'Every funder is approved.' : 'No funders yet.'} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {data.items.map((funder) => (
              <FunderCard key={funder.id} funder={funder} onApprove={approving.open} />
            ))}
          </SimpleGrid>
          <ListPagination page={data.page} total={data.total} limit={data.limit} onChange={setPage} />
        </>
      )}

      <ForceApproveDialog
        OverrideDialog={OverrideDialog}
        funder={approving.target}
        opened={approving.isOpen}
        onClose={approving.close}
      />
    </Stack>
  );
}

function FunderCard({ funder, onApprove }: { funder: AdminUser; onApprove: (funder: AdminUser) => void }) {
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-label={funder.name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text component="h3" fw={700} fz="md" m={0} style={{ overflowWrap: 'anywhere' }}>
            {funder.name}
          </Text>
          <VerificationBadge status={funder.verification_status} />
        </Group>
        <Stack gap={6}>
          <Field label="Company" value={companyOf(funder)} />
          <Field label="Company type" value={funder.company_type || 'Not specified'} />
          <Field label="Email" value={<EmailText email={funder.email} />} />
          <Field
            label="Subscription"
            value={
              <Group gap={6} component="span">
                <SubscriptionBadge status={funder.derived_subscription_status} />
                <RawSubscriptionStatus status={funder.subscription_status} />
              </Group>
            }
          />
        </Stack>
        {!funder.approved && (
          <Button size="xs" color="teal.9" mt="auto" onClick={() => onApprove(funder)}>
            Approve Funder
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text fz="sm" c="gray.7" miw={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="div" fz="sm" style={{ overflowWrap: 'break-word', minWidth: 0 }}>
        {value}
      </Text>
    </Group>
  );
}
