import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { auditActionLabel, auditTargetTypeLabel } from '@plinth/domain/audit';
import { adminPersonPath } from '@plinth/domain/routes';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { LoadingBlock, UnavailableNotice } from '../../../components/load-states';
import { formatDateTime } from '../../../lib/format';
import { type OverrideHistoryEntry, useOverrideHistory } from '../api/get-override-history';
import { adminProjectUrl } from '../utils/project-links';

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
        <LoadingBlock compact label="Loading override history" />
      ) : isError || !data ? (
        <UnavailableNotice>The override history is not available right now.</UnavailableNotice>
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
                    <Table.Td>{auditActionLabel(entry.action_type)}</Table.Td>
                    <Table.Td>
                      <Target entry={entry} />
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

/** Where a target's name leads: the project page (admin review mode), or the person's details. */
function targetHref(entry: OverrideHistoryEntry): string | null {
  if (entry.is_target_deleted) return null;
  if (entry.target_type === 'project') return adminProjectUrl(entry.target_id);
  if (entry.target_type === 'user' || entry.target_type === 'subscription')
    return adminPersonPath(entry.target_id);
  return null;
}

/** What the entry is about in words: its kind, then its name, a link while it still exists. */
function Target({ entry }: { entry: OverrideHistoryEntry }) {
  const href = targetHref(entry);
  return (
    <>
      <Text fz="xs" c="gray.7">
        {auditTargetTypeLabel(entry.target_type)}
      </Text>
      {entry.target_name === null ? (
        <Text fz="sm">—</Text>
      ) : href ? (
        <Anchor component={Link} to={href} fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.target_name}
        </Anchor>
      ) : (
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.target_name}
          {entry.is_target_deleted && ' (deleted)'}
        </Text>
      )}
    </>
  );
}
