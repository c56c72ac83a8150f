import type {
  RequestUndertakingResponse,
  UndertakingAcceptanceInput,
  UndertakingVersion,
} from '@plinth/domain/undertaking';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/**
 * The confidentiality undertaking's calls (docs/decisions/033-undertaking.md), shared by the
 * funder's request modal, the developer's request list, the deal room and the project page.
 */

export const undertakingQueryKey = ['undertaking'] as const;

/** GET /undertaking: the text a funder signs now, with its version. */
export const currentUndertakingQueryOptions = queryOptions({
  queryKey: [...undertakingQueryKey, 'current'],
  queryFn: () => api<UndertakingVersion>('/undertaking'),
  staleTime: 60_000,
});
export const useCurrentUndertaking = (enabled = true) =>
  useQuery({ ...currentUndertakingQueryOptions, enabled });

const requestUndertakingKey = (accessRequestId: string) => [
  ...undertakingQueryKey,
  'request',
  accessRequestId,
];

/** GET /access-requests/{id}/undertaking: the request's signature, or null (granted before undertakings). */
export const useRequestUndertaking = (accessRequestId: string, enabled = true) =>
  useQuery({
    queryKey: requestUndertakingKey(accessRequestId),
    enabled,
    queryFn: () =>
      api<RequestUndertakingResponse>(`/access-requests/${encodeURIComponent(accessRequestId)}/undertaking`),
    retry: false,
  });

/** POST /access-requests/{id}/undertaking: a funder granted before undertakings signs one now. */
export function useAcceptUndertaking(accessRequestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UndertakingAcceptanceInput) =>
      api<RequestUndertakingResponse>(`/access-requests/${encodeURIComponent(accessRequestId)}/undertaking`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: (response) => {
      queryClient.setQueryData(requestUndertakingKey(accessRequestId), response);
      void queryClient.invalidateQueries({ queryKey: ['access-requests'] });
    },
  });
}
