import type {
  CovenantsResponse,
  covenantHistory,
  lenderReportList,
  valuation,
} from '@plinth/domain/covenants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';
import { lifeQueryKeys } from './life-query-keys';

const f = (id: string) => `/facilities/${encodeURIComponent(id)}`;

/** GET /facilities/{id}/covenants: each covenant with its latest test and open breach, the notices. */
export const useCovenants = (facilityId: string) =>
  useQuery({
    queryKey: lifeQueryKeys.covenants(facilityId),
    queryFn: () => api<CovenantsResponse>(`${f(facilityId)}/covenants`),
    retry: false,
  });

/** GET /facilities/{id}/covenants/history: the tests, newest first. */
export const useCovenantHistory = (facilityId: string, enabled: boolean) =>
  useQuery({
    queryKey: lifeQueryKeys.covenantHistory(facilityId),
    queryFn: () => api<z.infer<typeof covenantHistory>>(`${f(facilityId)}/covenants/history?limit=50`),
    retry: false,
    enabled,
  });

/** GET /facilities/{id}/reports: the monthly lender reports. */
export const useLenderReports = (facilityId: string) =>
  useQuery({
    queryKey: lifeQueryKeys.reports(facilityId),
    queryFn: () => api<z.infer<typeof lenderReportList>>(`${f(facilityId)}/reports`),
    retry: false,
  });

/** POST /facilities/{id}/valuations (the funder): the covenants are tested again. */
export function useRecordValuation(facilityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { valued_on: string; value_cents: number; valuer: string }) =>
      api<z.infer<typeof valuation>>(`${f(facilityId)}/valuations`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: facilityQueryKeys.all }),
  });
}
