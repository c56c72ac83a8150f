import { api } from '../../../lib/api-client';

/**
 * Subscribes with a card's PaymentMethod id (Stripe's, or a test one in the sandbox). The answer is
 * checked by the caller against `createSubscriptionResponse`: anything else is 'Unexpected response
 * from server' (spec 001 section 4.3), so it is typed `unknown` here on purpose.
 */
export const createSubscription = (paymentMethodId: string) =>
  api<unknown>('/payments/create-subscription', {
    method: 'POST',
    body: { payment_method_id: paymentMethodId },
  });
