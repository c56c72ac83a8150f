import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import type { Db } from '../../db/database';
import type { AuditActor } from '../audit/audit.service';

/** What the payment modules share: their dependencies, what handling an event did, who the provider is in the audit log. */

/** What the payment modules need; AppDeps has both, so routes and the admin module pass theirs. */
export interface PaymentsDeps {
  db: Db;
  payments: PaymentProvider;
}

/** What handling one event did. */
export type PaymentEventOutcome =
  /** This event id was handled before: nothing changed. */
  | 'duplicate'
  /** Stored; nothing to do for this type (requires_action, other providers' events, other subscriptions). */
  | 'recorded'
  /** The attempt is recorded as failed with the provider's message; the project or funder is unchanged. */
  | 'payment_failed'
  /**
   * The payment is completed and its effect made: the project moved unpaid → payment_pending, or
   * the funder's subscription moved on (payment_pending, renewed, cancelled, ended).
   */
  | 'applied'
  /** The payment had been completed before (by another event or a sync): nothing changed. */
  | 'already_applied'
  /** The payment is completed but its project or funder was not awaiting it: recorded and audited, unchanged. */
  | 'not_applied';

export const providerActor = (provider: PaymentProvider['name']): AuditActor => ({
  id: null,
  name: provider === 'stripe' ? 'Stripe' : 'Sandbox payments',
});
