import type { Draw } from '@plinth/domain/facilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

/** The draw's moves that take no body or only a reason or a date. */
export type DrawMoveInput =
  | { action: 'submit' | 'approve' | 'cancel' }
  | { action: 'return' | 'reject'; reason: string }
  | { action: 'fund'; funded_on: string };

export const moveDraw = (drawId: string, input: DrawMoveInput) => {
  const { action, ...body } = input;
  return api<Draw>(`/draws/${encodeURIComponent(drawId)}/${action}`, {
    method: 'POST',
    body: Object.keys(body).length > 0 ? body : undefined,
  });
};

/**
 * POST /draws/{id}/submit | approve | cancel | return | reject | fund. Every figure on the facility
 * can change (the ledger, the in-balance test), so the whole facility prefix is refreshed.
 */
export function useMoveDraw(drawId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DrawMoveInput) => moveDraw(drawId, input),
    onSuccess: (draw) => {
      client.setQueryData(facilityQueryKeys.draw(drawId), draw);
      return client.invalidateQueries({ queryKey: facilityQueryKeys.all });
    },
  });
}
