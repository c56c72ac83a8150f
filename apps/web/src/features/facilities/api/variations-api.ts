import type {
  CreateReallocationBody,
  CreateVariationBody,
  Reallocation,
  RetentionResponse,
  reallocationList,
  VariationEventBody,
  variation,
  variationList,
} from '@plinth/domain/variations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';
import { lifeQueryKeys } from './life-query-keys';

export type VariationRow = z.infer<typeof variationList>['items'][number];
export type VariationOut = z.infer<typeof variation>;
export type ReallocationRow = z.infer<typeof reallocationList>['items'][number];

const f = (id: string) => `/facilities/${encodeURIComponent(id)}`;

/** GET /facilities/{id}/variations: newest first (the first 100). */
export const useVariations = (facilityId: string) =>
  useQuery({
    queryKey: lifeQueryKeys.variations(facilityId),
    queryFn: () => api<z.infer<typeof variationList>>(`${f(facilityId)}/variations?limit=100`),
    retry: false,
  });

/** GET /facilities/{id}/reallocations: newest first (the first 100). */
export const useReallocations = (facilityId: string) =>
  useQuery({
    queryKey: lifeQueryKeys.reallocations(facilityId),
    queryFn: () => api<z.infer<typeof reallocationList>>(`${f(facilityId)}/reallocations?limit=100`),
    retry: false,
  });

/** GET /facilities/{id}/retention: practical completion, the defects period, retention held and released. */
export const useRetention = (facilityId: string) =>
  useQuery({
    queryKey: lifeQueryKeys.retention(facilityId),
    queryFn: () => api<RetentionResponse>(`${f(facilityId)}/retention`),
    retry: false,
  });

/** Every write here changes the budget, the in-balance test or the ledger: the whole facility refreshes. */
function useFacilityWrite<TInput, TOut>(fn: (input: TInput) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: facilityQueryKeys.all }),
  });
}

/** POST /facilities/{id}/variations (the developer). */
export const useProposeVariation = (facilityId: string) =>
  useFacilityWrite((body: CreateVariationBody) =>
    api<VariationOut>(`${f(facilityId)}/variations`, { method: 'POST', body }),
  );

/** POST /variations/{id}/events: assess, approve, lender_approve, lender_reject, withdraw. */
export const useMoveVariation = () =>
  useFacilityWrite(({ id, body }: { id: string; body: VariationEventBody }) =>
    api<VariationOut>(`/variations/${encodeURIComponent(id)}/events`, { method: 'POST', body }),
  );

/** POST /facilities/{id}/reallocations (the developer). */
export const useProposeReallocation = (facilityId: string) =>
  useFacilityWrite((body: CreateReallocationBody) =>
    api<Reallocation>(`${f(facilityId)}/reallocations`, { method: 'POST', body }),
  );

/** POST /reallocations/{id}/approve | reject | withdraw. */
export const useDecideReallocation = () =>
  useFacilityWrite(
    ({ id, action, reason }: { id: string; action: 'approve' | 'reject' | 'withdraw'; reason?: string }) =>
      api<Reallocation>(`/reallocations/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body: action === 'approve' ? undefined : reason ? { reason } : action === 'withdraw' ? {} : undefined,
      }),
  );

/** POST /facilities/{id}/practical-completion (the funder). */
export const useRecordPracticalCompletion = (facilityId: string) =>
  useFacilityWrite((body: { date: string; certificate_document_id: string }) =>
    api<RetentionResponse>(`${f(facilityId)}/practical-completion`, { method: 'POST', body }),
  );

/** POST /facilities/{id}/retention-release (the funder, after the defects liability period). */
export const useReleaseRetention = (facilityId: string) =>
  useFacilityWrite((releasedOn: string) =>
    api<RetentionResponse>(`${f(facilityId)}/retention-release`, {
      method: 'POST',
      body: { released_on: releasedOn },
    }),
  );
