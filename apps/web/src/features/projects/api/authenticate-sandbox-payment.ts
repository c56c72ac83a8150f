import type { sandboxAuthenticateBody } from '@plinth/domain/payments';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { PaymentConfirmation } from './confirm-sandbox-payment';

export type SandboxAuthenticateBody = z.input<typeof sandboxAuthenticateBody>;

/** The sandbox's "3-D Secure" page: the payer completes or fails the extra step. */
export const authenticateSandboxPayment = (body: SandboxAuthenticateBody) =>
  api<PaymentConfirmation>('/payments/sandbox/authenticate', { method: 'POST', body });

/** Cache invalidation happens once the whole flow succeeds (see use-publish-payment). */
export const useAuthenticateSandboxPayment = () => useMutation({ mutationFn: authenticateSandboxPayment });
