import type { Draw } from '@plinth/domain/facilities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

export const getDraw = (id: string) => api<Draw>(`/draws/${encodeURIComponent(id)}`);

export const drawQueryOptions = (id: string) =>
  queryOptions({ queryKey: facilityQueryKeys.draw(id), queryFn: () => getDraw(id), retry: false });

/** GET /draws/{id}: the draw with its lines, documents and clock. */
export const useDraw = (id: string) => useQuery(drawQueryOptions(id));
