import type { paymentConfirmationResponse, sandboxConfirmBody } from '@plinth/domain/payments';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type SandboxConfirmBody = z.input<typeof sandboxConfirmBody>;
export type PaymentConfirmation = z.infer<typeof paymentConfirmationResponse>;

/** The offline sandbox's stand-in for Stripe's confirmCardPayment: the card number is checked, never stored. */
export const confirmSandboxPayment = (body: SandboxConfirmBody) =>
  api<PaymentConfirmation>('/payments/sandbox/confirm', { method: 'POST', body });

/** Cache invalidation happens once the whole flow succeeds (see use-publish-payment). */
export const useConfirmSandboxPayment = () => useMutation({ mutationFn: confirmSandboxPayment });
