import type { createDrawBody, Draw } from '@plinth/domain/facilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

export type CreateDrawInput = z.input<typeof createDrawBody>;

export const createDraw = (facilityId: string, body: CreateDrawInput) =>
  api<Draw>(`/facilities/${encodeURIComponent(facilityId)}/draws`, { method: 'POST', body });

/** POST /facilities/{id}/draws: the developer starts a draft. Refreshes the facility's draws. */
export function useCreateDraw(facilityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDrawInput) => createDraw(facilityId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: facilityQueryKeys.draws(facilityId) }),
  });
}
