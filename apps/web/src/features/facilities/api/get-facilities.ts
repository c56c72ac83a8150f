import type { Facility } from '@plinth/domain/facilities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

export interface FacilityList {
  items: Facility[];
  next_cursor: string | null;
}

export const getFacilities = () => api<FacilityList>('/facilities?limit=100');

/** GET /facilities: the caller's facilities (a party's), newest first. */
export const useFacilities = () =>
  useQuery(queryOptions({ queryKey: facilityQueryKeys.list(), queryFn: getFacilities }));
