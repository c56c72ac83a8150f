import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { AdminUser } from '@plinth/domain/admin';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatDate } from '../../../lib/format';
import { notifyAction } from '../../../lib/notify-action';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useLoadFailedNotice } from '../../../lib/use-load-failed-notice';
import { useApproveSubscription } from '../api/approve-subscription';
import { useDenySubscription } from '../api/deny-subscription';
import { PEOPLE_PER_PAGE, useAdminUsers } from '../api/get-admin-users';
import { useMarkSubscriptionFailed } from '../api/mark-subscription-failed';
import { useDialogTarget } from '../hooks/use-dialog-target';
import { companyOf } from '../utils/people-labels';
import { DenySubscriptionModal } from './deny-subscription-modal';
import { ListEmpty, ListFailed, ListLoading, ListPagination } from './list-states';
import { RawSubscriptionStatus, SubscriptionBadge } from './people-badges';
import { UserDetailsDrawer } from './user-details-drawer';

type SubscriptionsFilter = 'all' | 'subscription_pending';

const filters: { value: SubscriptionsFilter; label: string }[] = [
  { value: 'all', label: 'All Funders' },
  { value: 'subscription_pending', label: 'Pending Review' },
];

interface SubscriptionActions {
  onView: (funder: AdminUser) => void;
  onApprove: (funder: AdminUser) => void;
  onDeny: (funder: AdminUser) => void;
  onMarkFailed: (funder: AdminUser) => void;
  /** The funder whose approval is running, for its button's spinner. */
  approvingId: string | undefined;
}

const isAwaitingReview = (funder: AdminUser) => funder.subscription_status === 'payment_pending';

/**
 * The Subscriptions tab (spec 001 sections 2.3, 4.3): every funder with their derived and stored
 * status; a payment awaiting review is approved, denied with a reason, or marked as failed.
 */
export function SubscriptionsTab() {
  const isMobile = useIsMobile();
  const [filter, setFilter] = useState<SubscriptionsFilter>('all');
  const [page, setPage] = useState(1);
  const funders = useAdminUsers({ role: 'funder', filter, page, limit: PEOPLE_PER_PAGE });
  useLoadFailedNotice(funders.isError);

  const approve = useApproveSubscription();
  const deny = useDenySubscription();
  const markFailed = useMarkSubscriptionFailed();
  const viewing = useDialogTarget<AdminUser>();
  const denying = useDialogTarget<AdminUser>();
  const failing = useDialogTarget<AdminUser>();

  const actions: SubscriptionActions = {
    onView: viewing.open,
    onDeny: denying.open,
    onMarkFailed: failing.open,
    onApprove: (funder) =>
      void notifyAction(() => approve.mutateAsync(funder.id), {
        success: 'Subscription Approved',
        failure: 'Approval Failed',
      }),
    approvingId: approve.isPending ? approve.variables : undefined,
  };

  const denySubscription = async (reason: string) =>
    denying.target
      ? notifyAction(() => deny.mutateAsync({ id: denying.target!.id, reason }), {
          success: 'Subscription Denied',
          failure: 'Denial Failed',
        })
      : false;

  const confirmFailed = async () => {
    const funder = failing.target;
    if (!funder) return;
    const isDone = await notifyAction(() => markFailed.mutateAsync(funder.id), {
      success: 'Marked as Failed',
      failure: 'Failed to Mark Payment',
    });
    if (isDone) failing.close();
  };

  const data = funders.data;
  const pendingCount = data?.counts.pending_subscriptions ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={0}>
          <Title order={2} fz="lg">
            Subscriptions
          </Title>
          {data && (
            <Text fz="sm" c="gray.7">
              {data.counts.funders} {data.counts.funders === 1 ? 'funder' : 'funders'} · {pendingCount}{' '}
              pending review
            </Text>
          )}
        </Stack>
        <SegmentedControl
          aria-label="Filter subscriptions"
          value={filter}
          onChange={(value) => {
            setFilter(value as SubscriptionsFilter);
            setPage(1);
          }}
          data={filters}
          fullWidth={isMobile}
        />
      </Group>

      {pendingCount > 0 && (
        <Alert
          color="yellow"
          variant="light"
          c="dark.7"
          title={`${pendingCount} ${pendingCount === 1 ? 'subscription is' : 'subscriptions are'} pending review`}
          icon={<IconAlertTriangle aria-hidden />}
        >
          Check each payment, then approve the subscription, deny it with a reason, or mark the payment as
          failed.
        </Alert>
      )}

      {funders.isLoading ? (
        <ListLoading label="Loading subscriptions" />
      ) : funders.isError && !data ? (
        <ListFailed onRetry={() => funders.refetch()} />
      ) : !data || data.items.length === 0 ? (
        <ListEmpty
          text={
            filter === 'subscription_pending' ? 'No subscriptions are pending review.' : 'No funders yet.'
          }
        />
      ) : (
        <>
          {isMobile ? (
            <Stack gap="sm">
              {data.items.map((funder) => (
                <SubscriptionCard key={funder.id} funder={funder} actions={actions} />
              ))}
            </Stack>
          ) : (
            <Paper withBorder radius="md">
              <SubscriptionsTable funders={data.items} actions={actions} />
            </Paper>
          )}
          <ListPagination page={data.page} total={data.total} limit={data.limit} onChange={setPage} />
        </>
      )}

      <UserDetailsDrawer user={viewing.target} opened={viewing.isOpen} onClose={viewing.close} />
      <DenySubscriptionModal
        opened={denying.isOpen}
        target={denying.target ? `${denying.target.name} (${companyOf(denying.target)})` : ''}
        isPending={deny.isPending}
        onClose={denying.close}
        onDeny={denySubscription}
      />
      <ConfirmModal
        opened={failing.isOpen}
        title="Mark Payment as Failed"
        message={
          failing.target
            ? `Mark the subscription payment of ${failing.target.name} (${companyOf(failing.target)}) as failed? Their subscription becomes inactive.`
            : ''
        }
        confirmLabel="Mark as Failed"
        isPending={markFailed.isPending}
        onCancel={failing.close}
        onConfirm={confirmFailed}
      />
    </Stack>
  );
}

function SubscriptionsTable({
  funders,
  actions,
}: {
  funders: readonly AdminUser[];
  actions: SubscriptionActions;
}) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Company</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Subscription</Table.Th>
            <Table.Th scope="col">Joined</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {funders.map((funder) => (
            <Table.Tr key={funder.id}>
              <Table.Th scope="row" maw={220}>
                <Text fw={600} fz="sm">
                  {companyOf(funder)}
                </Text>
                <Text fz="xs" c="gray.7">
                  {funder.name}
                </Text>
              </Table.Th>
              <Table.Td maw={240} style={{ overflowWrap: 'anywhere' }}>
                {funder.email}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <SubscriptionBadge status={funder.derived_subscription_status} />
              </Table.Td>
              <Table.Td>
                <RawSubscriptionStatus status={funder.subscription_status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(funder.created_at)}</Table.Td>
              <Table.Td>
                <SubscriptionActionButtons funder={funder} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The mobile layout (768 px and below): a card per funder. */
function SubscriptionCard({ funder, actions }: { funder: AdminUser; actions: SubscriptionActions }) {
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-label={companyOf(funder)}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div>
            <Text component="h3" fw={700} fz="md" m={0} style={{ overflowWrap: 'anywhere' }}>
              {companyOf(funder)}
            </Text>
            <Text fz="xs" c="gray.7">
              {funder.name}
            </Text>
          </div>
          <SubscriptionBadge status={funder.derived_subscription_status} />
        </Group>
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {funder.email}
        </Text>
        <SimpleGrid cols={2} spacing="xs">
          <Text fz="sm">
            <Text span c="gray.7" fz="sm">
              Stored:{' '}
            </Text>
            <RawSubscriptionStatus status={funder.subscription_status} />
          </Text>
          <Text fz="sm">
            <Text span c="gray.7" fz="sm">
              Joined:{' '}
            </Text>
            {formatDate(funder.created_at)}
          </Text>
        </SimpleGrid>
        <SubscriptionActionButtons funder={funder} actions={actions} />
      </Stack>
    </Paper>
  );
}

function SubscriptionActionButtons({ funder, actions }: { funder: AdminUser; actions: SubscriptionActions }) {
  const isApproving = actions.approvingId === funder.id;
  return (
    <Group gap={6} wrap="wrap">
      {isAwaitingReview(funder) && (
        <>
          <Button size="xs" color="teal.9" loading={isApproving} onClick={() => actions.onApprove(funder)}>
            Approve
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            c="red.9"
            disabled={isApproving}
            onClick={() => actions.onDeny(funder)}
          >
            Deny
          </Button>
          <Button
            size="xs"
            variant="default"
            c="red.9"
            disabled={isApproving}
            onClick={() => actions.onMarkFailed(funder)}
          >
            Payment Failed
          </Button>
        </>
      )}
      <Button size="xs" variant="default" onClick={() => actions.onView(funder)}>
        View Details
      </Button>
    </Group>
  );
}
