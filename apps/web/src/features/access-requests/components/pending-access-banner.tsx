import { Alert, Anchor, Text } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAccessRequests } from '../api/list-access-requests';

/** The banner's sentence: how many funders wait for the developer's decision. */
export const pendingRequestsText = (count: number) =>
  count === 1
    ? '1 funder is waiting for your decision on their access request.'
    : `${count} funders are waiting for your decision on their access requests.`;

/**
 * For a developer (issue 37 item 12): pending access requests are named where they land, with a way
 * to /access-requests; nothing when none wait. The list is the developer's own (the server answers
 * only requests on their projects) and refreshes with every decision.
 */
export function PendingAccessBanner() {
  const pending = useAccessRequests({ status: 'pending', limit: 1 });
  const count = pending.data?.total ?? 0;
  if (count === 0) return null;
  return (
    <Alert
      color="navy"
      variant="light"
      c="dark.7"
      icon={<IconUserQuestion aria-hidden />}
      title="Access requests waiting"
      data-testid="pending-access-banner"
    >
      <Text fz="sm">
        {pendingRequestsText(count)}{' '}
        <Anchor component={Link} to="/access-requests" c="navy.8" fw={600} underline="always">
          Review access requests
        </Anchor>
      </Text>
    </Alert>
  );
}
