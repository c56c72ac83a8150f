import type { Draw } from '@plinth/domain/facilities';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

export type DrawSummary = Omit<Draw, 'lines' | 'documents'>;

export const getDraws = (facilityId: string) =>
  api<{ items: DrawSummary[] }>(`/facilities/${encodeURIComponent(facilityId)}/draws`);

/** GET /facilities/{id}/draws: every draw, newest first. */
export const useDraws = (facilityId: string) =>
  useQuery({
    queryKey: facilityQueryKeys.draws(facilityId),
    queryFn: () => getDraws(facilityId),
    retry: false,
  });
