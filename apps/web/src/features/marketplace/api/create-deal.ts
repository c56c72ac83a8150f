import type { createDealResponse } from '@plinth/domain/deals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { funderDashboardQueryKey } from './get-funder-dashboard';

export type CreateDealResponse = z.infer<typeof createDealResponse>;

export interface CreateDealInput {
  projectId: string;
  accessRequestId: string;
}

/** POST /deals {project_id, access_request_id}: opens the room (a second call answers the same deal). */
export const createDeal = ({ projectId, accessRequestId }: CreateDealInput) =>
  api<CreateDealResponse>('/deals', {
    method: 'POST',
    body: { project_id: projectId, access_request_id: accessRequestId },
  });

/**
 * Engage: the access request moves to due diligence, so every list that shows the project's state
 * (the marketplace and the project page under ['projects'], the dashboard's counts and
 * recommendations, the portfolio) is refetched.
 */
export function useCreateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeal,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      void queryClient.invalidateQueries({ queryKey: funderDashboardQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['portfolio'] });
    },
  });
}
