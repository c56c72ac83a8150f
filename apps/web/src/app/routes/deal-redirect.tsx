import { Anchor, Stack, Title } from '@mantine/core';
import { dealMessages, dealRoomPath } from '@plinth/domain/deals';
import { Link, Navigate, useParams } from 'react-router';
import { LoadFailedAlert, LoadingBlock } from '../../components/load-states';
import { useAccessEnded } from '../../features/access-requests/api/get-access-ended';
import { AccessEndedNotice } from '../../features/access-requests/components/access-ended-notice';
import { useDeal } from '../../features/deals/api/get-deal';
import { ApiError } from '../../lib/api-client';
import { useMe } from '../../lib/get-me';

/**
 * Notification taps open /deals/{id}; a deal's room is /project/{projectId}/deal/{id}, so the deal
 * is looked up and the page replaced by its room (DESIGN.md section 8).
 */
export default function DealRedirectRoute() {
  const { id = '' } = useParams();
  const query = useDeal(id);
  // A deal that does not exist and one that is not the viewer's answer alike (404; 400 for a bad id).
  const isMissing =
    query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  // A funder whose access was revoked or lapsed is told so (issue 37 item 1).
  const { data: me } = useMe();
  const ended = useAccessEnded({ dealId: id }, { enabled: me?.role === 'funder' && isMissing });
  if (query.data) return <Navigate replace to={dealRoomPath(query.data)} />;
  if (ended.data) return <AccessEndedNotice ended={ended.data} />;
  if (me?.role === 'funder' && isMissing && ended.isPending)
    return <LoadingBlock label="Loading deal room" />;
  return (
    <Stack gap="lg">
      <title>Deal Room | Plinth</title>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Deal Room
      </Title>
      {query.isError ? (
        <LoadFailedAlert title={isMissing ? dealMessages.notFound : dealMessages.loadFailedTitle}>
          {isMissing
            ? 'This deal does not exist, or it is not one of yours. '
            : `${dealMessages.loadFailed}. `}
          <Anchor component={Link} to="/dashboard" c="red.9" fz="sm">
            Back to the dashboard
          </Anchor>
        </LoadFailedAlert>
      ) : (
        <LoadingBlock label="Loading deal room" />
      )}
    </Stack>
  );
}
