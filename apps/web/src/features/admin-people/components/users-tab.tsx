import { Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { AdminUser } from '@plinth/domain/admin';
import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import { notifyAction } from '../../../lib/notify-action';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useLoadFailedNotice } from '../../../lib/use-load-failed-notice';
import { useApproveUser } from '../api/approve-user';
import { PEOPLE_PER_PAGE, useAdminUsers } from '../api/get-admin-users';
import { useDialogTarget } from '../hooks/use-dialog-target';
import { useLinkedPerson } from '../hooks/use-linked-person';
import { roleLabelOf } from '../utils/people-labels';
import { AdminMessageModal } from './admin-message-modal';
import { ListEmpty, ListFailed, ListLoading, ListPagination } from './list-states';
import { VerificationBadge } from './people-badges';
import { UserDetailsDrawer } from './user-details-drawer';

type UsersFilter = 'all' | 'unapproved';

const filters: { value: UsersFilter; label: string }[] = [
  { value: 'all', label: 'All Users' },
  { value: 'unapproved', label: 'Pending Approval' },
];

interface UserActions {
  onView: (user: AdminUser) => void;
  onApprove: (user: AdminUser) => void;
  onMessage: (user: AdminUser) => void;
  /** The user whose approval is running, for its button's spinner. */
  approvingId: string | undefined;
}

/** The Users tab (spec 001 section 2.3): everyone, with View, Approve (if not approved) and Message. */
export function UsersTab() {
  const isMobile = useIsMobile();
  const [filter, setFilter] = useState<UsersFilter>('all');
  const [page, setPage] = useState(1);
  const users = useAdminUsers({ filter, page, limit: PEOPLE_PER_PAGE });
  // Someone a link opened (the override history's names), whichever page they are on.
  const linked = useLinkedPerson();
  useLoadFailedNotice(users.isError || linked.hasFailed);

  const approve = useApproveUser();
  const viewing = useDialogTarget<AdminUser>();
  const messaging = useDialogTarget<AdminUser>();

  const actions: UserActions = {
    onView: viewing.open,
    onMessage: messaging.open,
    onApprove: (user) =>
      void notifyAction(() => approve.mutateAsync(user.id), {
        success: 'User Approved',
        failure: 'Approval Failed',
      }),
    approvingId: approve.isPending ? approve.variables : undefined,
  };

  const data = users.data;
  const unapproved = data?.counts.unapproved ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={0}>
          <Title order={2} fz="lg">
            Users
          </Title>
          {data && (
            <Text fz="sm" c="gray.7">
              {data.counts.users} {data.counts.users === 1 ? 'user' : 'users'} · {unapproved} pending approval
            </Text>
          )}
        </Stack>
        <SegmentedControl
          aria-label="Filter users"
          value={filter}
          onChange={(value) => {
            setFilter(value as UsersFilter);
            setPage(1);
          }}
          data={filters}
          fullWidth={isMobile}
        />
      </Group>

      {users.isLoading ? (
        <ListLoading label="Loading users" />
      ) : users.isError && !data ? (
        <ListFailed onRetry={() => users.refetch()} />
      ) : !data || data.items.length === 0 ? (
        <ListEmpty text={filter === 'unapproved' ? 'Everyone is approved.' : 'No users yet.'} />
      ) : (
        <>
          {isMobile ? (
            <Stack gap="sm">
              {data.items.map((user) => (
                <UserCard key={user.id} user={user} actions={actions} />
              ))}
            </Stack>
          ) : (
            <Paper withBorder radius="md">
              <UsersTable users={data.items} actions={actions} />
            </Paper>
          )}
          <ListPagination page={data.page} total={data.total} limit={data.limit} onChange={setPage} />
        </>
      )}

      <UserDetailsDrawer user={viewing.target} opened={viewing.isOpen} onClose={viewing.close} />
      <UserDetailsDrawer user={linked.person} opened={linked.isOpen} onClose={linked.close} />
      <AdminMessageModal recipient={messaging.target} opened={messaging.isOpen} onClose={messaging.close} />
    </Stack>
  );
}

function UsersTable({ users, actions }: { users: readonly AdminUser[]; actions: UserActions }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Joined</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Th scope="row" fw={600} maw={220}>
                {user.name}
              </Table.Th>
              <Table.Td maw={260} style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Table.Td>
              <Table.Td>{roleLabelOf(user)}</Table.Td>
              <Table.Td>
                <VerificationBadge status={user.verification_status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(user.created_at)}</Table.Td>
              <Table.Td>
                <UserActionButtons user={user} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The mobile layout (768 px and below): a card per person. */
function UserCard({ user, actions }: { user: AdminUser; actions: UserActions }) {
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-label={user.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text component="h3" fw={700} fz="md" m={0} style={{ overflowWrap: 'anywhere' }}>
            {user.name}
          </Text>
          <VerificationBadge status={user.verification_status} />
        </Group>
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
        <SimpleGrid cols={2} spacing="xs">
          <Text fz="sm">
            <Text span c="gray.7" fz="sm">
              Role:{' '}
            </Text>
            {roleLabelOf(user)}
          </Text>
          <Text fz="sm">
            <Text span c="gray.7" fz="sm">
              Joined:{' '}
            </Text>
            {formatDate(user.created_at)}
          </Text>
        </SimpleGrid>
        <UserActionButtons user={user} actions={actions} />
      </Stack>
    </Paper>
  );
}

function UserActionButtons({ user, actions }: { user: AdminUser; actions: UserActions }) {
  return (
    <Group gap={6} wrap="wrap">
      <Button size="xs" variant="default" onClick={() => actions.onView(user)}>
        View
      </Button>
      {/* Only a funder's approval gates anything: a developer is never offered Approve (issue 37 item 14). */}
      {user.verification_status === 'Pending' && user.role === 'funder' && (
        <Button
          size="xs"
          color="teal.9"
          loading={actions.approvingId === user.id}
          disabled={actions.approvingId !== undefined && actions.approvingId !== user.id}
          onClick={() => actions.onApprove(user)}
        >
          Approve
        </Button>
      )}
      {/* A thread is between one user and the admins: there is none with an admin. */}
      {user.role !== 'admin' && (
        <Button size="xs" variant="light" onClick={() => actions.onMessage(user)}>
          Message
        </Button>
      )}
    </Group>
  );
}
