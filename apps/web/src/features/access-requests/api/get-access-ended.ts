import type { AccessEnded } from '@plinth/domain/access-ended';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /access-ended (issue 37 item 1): for a funder who landed on a project or deal room that
 * answered 404, whether it is theirs and their access was revoked or lapsed. 404 means it is not.
 */
export const useAccessEnded = (
  target: { projectId: string } | { dealId: string },
  options: { enabled: boolean },
) => {
  const query =
    'projectId' in target
      ? `project_id=${encodeURIComponent(target.projectId)}`
      : `deal_id=${encodeURIComponent(target.dealId)}`;
  return useQuery({
    queryKey: ['access-ended', query],
    queryFn: () => api<AccessEnded>(`/access-ended?${query}`),
    enabled: options.enabled,
    retry: false,
  });
};
