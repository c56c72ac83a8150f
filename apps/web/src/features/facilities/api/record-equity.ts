import type { equityBody } from '@plinth/domain/facilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

export type RecordEquityInput = z.input<typeof equityBody>;

export const recordEquity = (facilityId: string, body: RecordEquityInput) =>
  api<unknown>(`/facilities/${encodeURIComponent(facilityId)}/equity`, { method: 'POST', body });

/** POST /facilities/{id}/equity: equity paid in. The in-balance test and the ledger change. */
export function useRecordEquity(facilityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordEquityInput) => recordEquity(facilityId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: facilityQueryKeys.all }),
  });
}
