import type { Facility } from '@plinth/domain/facilities';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

export const getFacility = (id: string) => api<Facility>(`/facilities/${encodeURIComponent(id)}`);

/** GET /facilities/{id}: terms and headline figures, for its parties. A 404 is not retried. */
export const useFacility = (id: string) =>
  useQuery({
    queryKey: facilityQueryKeys.facility(id),
    queryFn: () => getFacility(id),
    retry: false,
    enabled: id !== '',
  });
