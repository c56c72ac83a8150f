import type { Draw, patchDrawBody } from '@plinth/domain/facilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

export type UpdateDrawInput = z.input<typeof patchDrawBody>;

export const updateDraw = (drawId: string, body: UpdateDrawInput) =>
  api<Draw>(`/draws/${encodeURIComponent(drawId)}`, { method: 'PATCH', body });

/** PATCH /draws/{id}: the developer saves a draft or returned draw. Refreshes the draw. */
export function useUpdateDraw(drawId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDrawInput) => updateDraw(drawId, body),
    onSuccess: (draw) => client.setQueryData(facilityQueryKeys.draw(drawId), draw),
  });
}
