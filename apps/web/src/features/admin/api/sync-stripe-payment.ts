import type { syncPaymentResponse } from '@plinth/domain/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

export type SyncPaymentResult = z.infer<typeof syncPaymentResponse>;

/** Brings the project's payment state in line with the card provider's record. */
export const syncStripePayment = (id: string) =>
  api<SyncPaymentResult>(`/admin/sync-stripe-payment/${encodeURIComponent(id)}`, { method: 'POST' });

/** Invalidates every ['admin'] query (the sync may have changed the project). */
export function useSyncStripePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncStripePayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
