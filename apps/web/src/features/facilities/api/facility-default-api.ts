import type { Facility } from '@plinth/domain/facilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writeWithDetails } from './api-with-details';
import { facilityQueryKeys } from './facility-query-keys';

export type DeclareDefaultBody = { reason: string; declared_on: string };
/** What both routes answer: the facility as it now is, and the interest restated on days already accrued. */
export type FacilityDefaultResult = { facility: Facility; interest_adjusted_cents: number };
export type CureBody = { reason: string; cured_on: string };

const f = (id: string) => `/facilities/${encodeURIComponent(id)}`;

/** POST /facilities/{id}/default (the funder): an event of default; the default margin applies from that day. */
export function useDeclareDefault(facilityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DeclareDefaultBody) =>
      writeWithDetails<FacilityDefaultResult>(`${f(facilityId)}/default`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: facilityQueryKeys.all }),
  });
}

/** POST /facilities/{id}/cure (the funder): the default is remedied or waived; the base rate again. */
export function useCureDefault(facilityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CureBody) =>
      writeWithDetails<FacilityDefaultResult>(`${f(facilityId)}/cure`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: facilityQueryKeys.all }),
  });
}
