import { notifications } from '@mantine/notifications';
import { dealMessages, dealRoomPath } from '@plinth/domain/deals';
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { LoadingBlock } from '../../components/load-states';
import { useAccessEnded } from '../../features/access-requests/api/get-access-ended';
import { AccessEndedNotice } from '../../features/access-requests/components/access-ended-notice';
import { AnalyseWithBrokerAiButton } from '../../features/broker-ai/components/analyse-button';
import { useDeal } from '../../features/deals/api/get-deal';
import { DealRoom } from '../../features/deals/components/deal-room';
import { ApiError } from '../../lib/api-client';
import { useMe } from '../../lib/get-me';

/**
 * /project/{projectId}/deal/{dealId}. Any failure to load the deal (not found, not the viewer's,
 * the server down) says 'Load Failed' and returns to the project (spec 000 sections 2 and 8).
 */
export default function DealRoomRoute() {
  const { projectId = '', dealId = '' } = useParams();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const query = useDeal(dealId);
  // A failed refresh of a room already on screen keeps it; only a room that never loaded leaves, or
  // one the server no longer knows for this viewer (404: their access was revoked, decision 035).
  const isGone = query.error instanceof ApiError && query.error.status === 404;
  // A funder whose access was revoked or lapsed is told so here, not sent away (issue 37 item 1).
  const ended = useAccessEnded({ dealId }, { enabled: me?.role === 'funder' && isGone });
  const waitsForEnded = me?.role === 'funder' && isGone && (ended.isPending || !!ended.data);
  const hasFailed = query.isError && (!query.data || isGone) && !waitsForEnded;

  useEffect(() => {
    if (!hasFailed) return;
    notifications.show({
      color: 'red',
      title: dealMessages.loadFailedTitle,
      message: dealMessages.loadFailed,
    });
    navigate(`/project/${encodeURIComponent(projectId)}`, { replace: true });
  }, [hasFailed, navigate, projectId]);

  if (ended.data) return <AccessEndedNotice ended={ended.data} />;
  const deal = query.data;
  if (!deal || !me || isGone) return <LoadingBlock label="Loading deal room" />;
  // A room reached under another project's path is shown at its own address.
  if (deal.project_id !== projectId) return <Navigate replace to={dealRoomPath(deal)} />;

  return (
    <>
      <title>{`Deal Room: ${deal.project.title} | Plinth`}</title>
      <DealRoom
        deal={deal}
        viewerId={me.id}
        headerActions={<AnalyseWithBrokerAiButton projectId={deal.project_id} />}
      />
    </>
  );
}
