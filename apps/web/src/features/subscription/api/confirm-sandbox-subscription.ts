import type { sandboxConfirmSubscriptionBody } from '@plinth/domain/subscriptions';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type SandboxConfirmSubscriptionBody = z.input<typeof sandboxConfirmSubscriptionBody>;

/**
 * The sandbox's stand-in for the bank's extra step (pm_card_authenticationRequired): approve pays the
 * first invoice, refuse fails it (400 with the reason). Answers like create-subscription.
 */
export const confirmSandboxSubscription = (body: SandboxConfirmSubscriptionBody) =>
  api<unknown>('/payments/sandbox/confirm-subscription', { method: 'POST', body });
