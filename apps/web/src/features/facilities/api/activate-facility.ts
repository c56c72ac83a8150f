import type { Facility } from '@plinth/domain/facilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

export const activateFacility = (facilityId: string) =>
  api<Facility>(`/facilities/${encodeURIComponent(facilityId)}/activate`, { method: 'POST' });

/** POST /facilities/{id}/activate: the funder opens the facility (its ledger) once the budget is approved. */
export function useActivateFacility(facilityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => activateFacility(facilityId),
    onSuccess: (facility) => {
      client.setQueryData(facilityQueryKeys.facility(facilityId), facility);
      return client.invalidateQueries({ queryKey: facilityQueryKeys.all });
    },
  });
}
