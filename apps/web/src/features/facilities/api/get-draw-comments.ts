import type { drawComments } from '@plinth/domain/facilities';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

export type DrawComments = z.infer<typeof drawComments>;

/** GET /draws/{id}/comments: the thread every party sees. */
export const useDrawComments = (drawId: string) =>
  useQuery({
    queryKey: facilityQueryKeys.comments(drawId),
    queryFn: () => api<DrawComments>(`/draws/${encodeURIComponent(drawId)}/comments`),
    retry: false,
  });
