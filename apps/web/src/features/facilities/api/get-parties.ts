import type { partiesResponse } from '@plinth/domain/facilities';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

export type PartiesResult = z.infer<typeof partiesResponse>;

export const getParties = (id: string) => api<PartiesResult>(`/facilities/${encodeURIComponent(id)}/parties`);

/** GET /facilities/{id}/parties: the parties and the open invitations. */
export const useParties = (id: string) =>
  useQuery({
    queryKey: facilityQueryKeys.parties(id),
    queryFn: () => getParties(id),
    retry: false,
    enabled: id !== '',
  });
