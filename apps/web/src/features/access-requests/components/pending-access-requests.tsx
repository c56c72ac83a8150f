import { Anchor, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { PagePagination } from '../../../components/page-pagination';
import { useAccessRequests } from '../api/list-access-requests';
import { useDecideAccessRequest } from '../hooks/use-decide-access-request';
import { AccessRequestCard } from './access-request-card';

const PAGE_SIZE = 20;

/** DESIGN.md section 8: /access-requests lists the developer's pending requests, to approve or decline. */
export function PendingAccessRequests() {
  const [page, setPage] = useState(1);
  const query = useAccessRequests({ status: 'pending', page, limit: PAGE_SIZE });
  const { decide, busy } = useDecideAccessRequest();

  if (query.isPending) {
    return <LoadingBlock label="Loading access requests" />;
  }
  if (query.isError) {
    return <LoadFailedAlert title="Failed to load access requests">{query.error.message}</LoadFailedAlert>;
  }

  const { items, total } = query.data;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (items.length === 0 && page > 1) {
    // The last request of a later page was just decided: step back.
    setPage(Math.min(page - 1, pageCount));
    return null;
  }
  if (items.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon variant="light" color="gray" size={48} radius="xl">
            <IconInbox aria-hidden size={26} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            No pending access requests
          </Title>
          <Text c="gray.7" fz="sm" maw={440}>
            When a funder asks for the full file of one of your published projects, their request appears
            here. Past requests and conversations are in{' '}
            <Anchor component={Link} to="/messages" c="navy.8" fz="sm">
              Messages
            </Anchor>
            .
          </Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <Text c="gray.7" fz="sm" aria-live="polite">
        {total === 1
          ? '1 request is waiting for your decision.'
          : `${total} requests are waiting for your decision.`}
      </Text>
      {items.map((request) => (
        <AccessRequestCard
          key={request.id}
          request={request}
          busyDecision={busy?.id === request.id ? busy.decision : null}
          isLocked={busy !== null && busy.id !== request.id}
          onDecide={(decision, accessUntil) => decide(request.id, decision, accessUntil)}
        />
      ))}
      <PagePagination page={page} pageCount={pageCount} onChange={setPage} />
    </Stack>
  );
}
