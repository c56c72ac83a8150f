import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { PaymentProvider } from './payment-provider';

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the offline sandbox. */
export function createPaymentProvider(_config: Config, _db: Db): PaymentProvider {
  const pending = () => Promise.reject(new Error('payment provider: being written (issue 3)'));
  return {
    name: 'sandbox',
    publishableKey: null,
    createPaymentIntent: pending,
    retrievePaymentIntent: pending,
  };
}
