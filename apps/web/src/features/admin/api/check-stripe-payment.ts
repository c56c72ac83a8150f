import type { checkPaymentResponse } from '@plinth/domain/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

export type CheckPaymentResult = z.infer<typeof checkPaymentResponse>;

/** Asks the card provider about the project's listing fee; a confirmed payment can publish the project. */
export const checkStripePayment = (id: string) =>
  api<CheckPaymentResult>(`/admin/check-stripe-payment/${encodeURIComponent(id)}`, { method: 'POST' });

/** Invalidates every ['admin'] query (the check may have published the project). */
export function useCheckStripePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkStripePayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
