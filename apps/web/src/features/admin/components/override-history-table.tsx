import { Alert, Center, Loader, Paper, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '@plinth/domain/format';
import { useEffect } from 'react';
import { useOverrideHistory } from '../api/get-override-history';

/** Recent override history (spec 001 section 2.3, God Mode): the newest ten admin actions. */
export function OverrideHistoryTable() {
  const { data, isLoading, isError, error } = useOverrideHistory();

  // Spec 001 section 8: a failed history fetch is logged, not announced.
  useEffect(() => {
    if (isError) console.error('Override history failed to load', error);
  }, [isError, error]);

  return (
    <section aria-labelledby="override-history-heading">
      <Title id="override-history-heading" order={3} fz="md" mb="sm">
        Recent override history
      </Title>
      {isLoading ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading override history" />
        </Center>
      ) : isError || !data ? (
        <Alert color="gray" variant="light" c="dark.7">
          The override history is not available right now.
        </Alert>
      ) : data.entries.length === 0 ? (
        <Text c="dimmed">No admin overrides yet.</Text>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Date</Table.Th>
                  <Table.Th scope="col">Admin</Table.Th>
                  <Table.Th scope="col">Action</Table.Th>
                  <Table.Th scope="col">Target</Table.Th>
                  <Table.Th scope="col">Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</Table.Td>
                    <Table.Td>{entry.admin_name ?? '—'}</Table.Td>
                    <Table.Td>{entry.action_type}</Table.Td>
                    <Table.Td>
                      <Text fz="sm">{entry.target_type}</Text>
                      <Text fz="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {entry.target_id}
                      </Text>
                    </Table.Td>
                    <Table.Td>{entry.reason ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </section>
  );
}
