import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  type AdminPayment,
  canSyncPayment,
  isFlaggedPayment,
  type UnpaidProject,
} from '@plinth/domain/admin-console';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { LoadingBlock, UnavailableNotice } from '../../../components/load-states';
import { formatAud, formatAudCents, formatDate } from '../../../lib/format';
import { useAllPayments, useUnpaidProjects } from '../api/get-god-mode';

const paymentTypeLabels: Record<AdminPayment['payment_type'], string> = {
  project_listing: 'Listing fee',
  subscription: 'Subscription',
};

/** God Mode's unpaid projects, each with Force Publish (the override dialog, opened by the tab). */
export function UnpaidProjectsPanel({
  onForcePublish,
}: {
  onForcePublish: (project: UnpaidProject) => void;
}) {
  const { data, isLoading, isError, error } = useUnpaidProjects();
  // Spec 001 section 8: fetch failures of these lists are logged only.
  useEffect(() => {
    if (isError) console.error('Unpaid projects failed to load', error);
  }, [isError, error]);
  return (
    <section aria-labelledby="unpaid-projects-heading">
      <Title id="unpaid-projects-heading" order={3} fz="md" mb="sm">
        Unpaid projects{data && data.items.length > 0 ? ` (${data.items.length})` : ''}
      </Title>
      {isLoading ? (
        <LoadingBlock compact label="Loading unpaid projects" />
      ) : isError || !data ? (
        <UnavailableNotice>The unpaid projects are not available right now.</UnavailableNotice>
      ) : data.items.length === 0 ? (
        <Text c="gray.7">No unpaid projects.</Text>
      ) : (
        <Stack gap="xs">
          {data.items.map((project) => (
            <Paper key={project.id} withBorder radius="md" p="sm">
              <Group justify="space-between" align="center" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    {project.title}
                  </Text>
                  <Text fz="xs" c="gray.7">
                    {project.borrower_name} · {formatAud(project.loan_amount)} · created{' '}
                    {formatDate(project.created_at)}
                  </Text>
                </Stack>
                <Button size="xs" color="red.9" onClick={() => onForcePublish(project)}>
                  Force Publish
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  );
}

/** Recent payments: rows not completed are flagged; a listing payment not completed offers Sync Stripe. */
export function RecentPaymentsTable({ onSync }: { onSync: (payment: AdminPayment) => void }) {
  const { data, isLoading, isError, error } = useAllPayments();
  useEffect(() => {
    if (isError) console.error('Payments failed to load', error);
  }, [isError, error]);
  return (
    <section aria-labelledby="recent-payments-heading">
      <Title id="recent-payments-heading" order={3} fz="md" mb="sm">
        Recent payments
      </Title>
      {isLoading ? (
        <LoadingBlock compact label="Loading payments" />
      ) : isError || !data ? (
        <UnavailableNotice>The payments are not available right now.</UnavailableNotice>
      ) : data.items.length === 0 ? (
        <Text c="gray.7">No payments yet.</Text>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Date</Table.Th>
                  <Table.Th scope="col">User</Table.Th>
                  <Table.Th scope="col">Type</Table.Th>
                  <Table.Th scope="col">Amount</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Project</Table.Th>
                  <Table.Th scope="col">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((payment) => {
                  const isFlagged = isFlaggedPayment(payment);
                  return (
                    <Table.Tr
                      key={payment.id}
                      data-flagged={isFlagged || undefined}
                      bg={isFlagged ? 'var(--mantine-color-yellow-0)' : undefined}
                    >
                      <Table.Td>{formatDate(payment.created_at)}</Table.Td>
                      <Table.Td>{payment.user_name ?? '—'}</Table.Td>
                      <Table.Td>{paymentTypeLabels[payment.payment_type]}</Table.Td>
                      <Table.Td>{formatAudCents(payment.amount)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {isFlagged && (
                            <IconAlertTriangle size={14} aria-label="Not completed" color="#8a5a00" />
                          )}
                          <Badge
                            variant="light"
                            color={
                              payment.status === 'completed'
                                ? 'green'
                                : payment.status === 'pending'
                                  ? 'yellow'
                                  : 'red'
                            }
                            c="dark.7"
                          >
                            {payment.status}
                          </Badge>
                        </Group>
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{payment.project_title ?? '—'}</Table.Td>
                      <Table.Td>
                        {canSyncPayment(payment) && (
                          <Button size="compact-xs" variant="default" onClick={() => onSync(payment)}>
                            Sync Stripe
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </section>
  );
}
