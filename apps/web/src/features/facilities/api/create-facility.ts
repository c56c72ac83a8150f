import type { createFacilityBody, Facility } from '@plinth/domain/facilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

export type CreateFacilityInput = z.input<typeof createFacilityBody>;

export const createFacility = (dealId: string, body: CreateFacilityInput) =>
  api<Facility>(`/deals/${encodeURIComponent(dealId)}/facility`, { method: 'POST', body });

/**
 * POST /deals/{id}/facility: the funder sets up a completed deal's facility; terms left out come
 * from the accepted quote. The new facility is put in the cache and the list refreshed.
 */
export function useCreateFacility(dealId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFacilityInput) => createFacility(dealId, body),
    onSuccess: (facility) => {
      client.setQueryData(facilityQueryKeys.facility(facility.id), facility);
      return client.invalidateQueries({ queryKey: facilityQueryKeys.list() });
    },
  });
}
