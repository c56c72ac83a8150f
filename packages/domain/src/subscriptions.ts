import { z } from 'zod';
import { type Role, type SubscriptionStatus, subscriptionStatusSchema } from './roles';

/** Funder subscription (spec 001 sections 2.4, 4.3; DESIGN.md section 5). */

export const subscriptionBenefits = [
  'Unlimited project access',
  'Advanced search filters',
  'Direct messaging with developers',
  'Document downloads',
  'Portfolio analytics',
  'Priority support',
  'Early access to new listings',
] as const;

export const subscriptionMessages = {
  unexpectedResponse: 'Unexpected response from server',
  activationFallback: 'Failed to activate subscription',
  failedTitle: 'Subscription Failed',
  activeTitle: 'Subscription Active',
  alreadyActive: 'Your subscription is already active',
  alreadyPending: 'Your subscription payment is awaiting admin approval',
  cancelledStillPaid:
    'Your cancelled subscription stays active until the end of its paid period; you can subscribe again after that',
  notApproved: 'Your account must be approved before you subscribe',
  nothingToCancel: 'You have no active subscription to cancel',
  paymentReceived: 'Payment received. Your subscription is awaiting admin approval.',
  cancelled: 'Your subscription has been cancelled. You keep access until the end of the paid period.',
  subscriptionNotFound: 'Subscription not found',
  notAwaitingAuthentication: 'This subscription payment is not waiting for authentication',
  processing: 'Your subscription payment is still being processed. Please check again in a moment.',
} as const;

export const createSubscriptionBody = z.strictObject({
  payment_method_id: z.string().trim().min(1, 'A card is required').max(100),
});

/** success: paid and awaiting admin approval (payment_pending); requires_action: confirm the card first. */
export const createSubscriptionResponse = z.union([
  z.object({ status: z.literal('success'), subscription_status: z.string(), message: z.string() }),
  z.object({
    status: z.literal('requires_action'),
    client_secret: z.string(),
    subscription_id: z.string(),
  }),
]);
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponse>;

/** The sandbox's stand-in for the bank's extra step on a card that requires authentication. */
export const sandboxConfirmSubscriptionBody = z.strictObject({
  subscription_id: z.string().min(1).max(100),
  client_secret: z.string().min(1).max(200),
  approve: z.boolean(),
});

export const cancelSubscriptionResponse = z.object({
  subscription_status: z.string(),
  cancel_at_period_end: z.boolean(),
  subscription_period_end: z.string().nullable(),
  message: z.string(),
});
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponse>;

/** GET /payments/subscription: the funder's own subscription, and what the card form needs. */
export const subscriptionResponse = z.object({
  plan_name: z.string(),
  amount_cents: z.number(),
  currency: z.literal('AUD'),
  provider: z.enum(['sandbox', 'stripe']),
  /** For Stripe Elements; null with the sandbox, whose card form takes test cards. */
  publishable_key: z.string().nullable(),
  approved: z.boolean(),
  subscription_status: subscriptionStatusSchema,
  derived_status: z.enum(['Active', 'Pending Review', 'Inactive']),
  subscription_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  has_marketplace_access: z.boolean(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;

/** The Subscriptions tab's derived status (spec 001 section 2.3). */
export function derivedSubscriptionStatus(user: { subscription_status: string; approved: boolean }) {
  if (user.subscription_status === 'active' && user.approved) return 'Active' as const;
  if (user.subscription_status === 'payment_pending') return 'Pending Review' as const;
  return 'Inactive' as const;
}

/** Whether a funder may use the marketplace: approved, and a subscription that is active (or cancelled but still paid up). */
export function hasMarketplaceAccess(
  user: {
    role: string | null;
    approved: boolean;
    subscription_status: string;
    subscription_period_end: string | Date | null;
  },
  now = new Date(),
) {
  if (user.role !== 'funder' || !user.approved) return false;
  if (user.subscription_status === 'active') return true;
  return (
    user.subscription_status === 'cancelled' &&
    user.subscription_period_end !== null &&
    new Date(user.subscription_period_end) > now
  );
}

// ---------------------------------------------------------------------------------------------
// The subscription state machine (DESIGN.md section 5):
//   none | inactive | denied | failed → payment_pending (payment succeeded) → active (admin approve)
//                                                                         | denied (admin deny, with a reason)
//                                                                         | failed (payment failed)
//   active → cancelled (cancel: access kept until the period ends) → inactive (period ended)
//   active → inactive (period ended without a renewal, or the provider ended the subscription)
//   anything → active and approved (admin force approve)
// Every change goes through `applySubscriptionEvent`, which says who may make it and from where.

/** A subscription's period: one month from activation, the day clamped to the month's end (31 Jan → 28/29 Feb). */
export function oneMonthAfter(from: Date): Date {
  const day = from.getUTCDate();
  const next = new Date(from);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export interface SubscriptionState {
  subscription_status: SubscriptionStatus;
  /** The account's approval: only force approve changes it here. */
  approved: boolean;
  subscription_period_end: Date | null;
  cancel_at_period_end: boolean;
}

export type SubscriptionEvent =
  /** The provider took the first payment (the funder's card, or its webhook). */
  | { type: 'payment_succeeded' }
  | { type: 'approve'; now: Date }
  | { type: 'deny' }
  | { type: 'payment_failed' }
  | { type: 'cancel' }
  /** The provider reports that a cancelled subscription will renew after all. */
  | { type: 'resume' }
  /** A renewal payment: the period runs to `periodEnd`. */
  | { type: 'renew'; periodEnd: Date }
  /** The paid period is over (the expiry job). */
  | { type: 'expire'; now: Date }
  /** The provider ended the subscription (unpaid renewals, cancelled in its dashboard). */
  | { type: 'end' }
  | { type: 'force_approve'; now: Date };

export type SubscriptionActor = Role | 'system';

const awaitingApproval = (s: SubscriptionState) => s.subscription_status === 'payment_pending';

/** The states a funder may subscribe from: never subscribed, lapsed, denied or failed. */
export const subscribableStatuses = [
  'none',
  'inactive',
  'denied',
  'failed',
] as const satisfies readonly SubscriptionStatus[];
export const mayStartSubscription = (status: SubscriptionStatus) =>
  (subscribableStatuses as readonly string[]).includes(status);

/** Why a funder cannot pay for a subscription now, by the state they are in. */
function paymentRefusal(s: SubscriptionState): string {
  switch (s.subscription_status) {
    case 'active':
      return subscriptionMessages.alreadyActive;
    case 'payment_pending':
      return subscriptionMessages.alreadyPending;
    case 'cancelled':
      return subscriptionMessages.cancelledStillPaid;
    case 'none':
    case 'inactive':
    case 'denied':
    case 'failed':
      return '';
  }
}

const periodHasEnded = (s: SubscriptionState, now: Date) =>
  s.subscription_period_end !== null && s.subscription_period_end.getTime() <= now.getTime();

const rules: {
  [K in SubscriptionEvent['type']]: {
    actors: readonly SubscriptionActor[];
    from: (s: SubscriptionState, e: Extract<SubscriptionEvent, { type: K }>) => boolean;
    refusal: string | ((s: SubscriptionState) => string);
  };
} = {
  payment_succeeded: {
    actors: ['funder', 'system'],
    from: (s) => mayStartSubscription(s.subscription_status),
    refusal: paymentRefusal,
  },
  approve: {
    actors: ['admin'],
    from: awaitingApproval,
    refusal: 'Only a subscription awaiting approval can be approved',
  },
  deny: {
    actors: ['admin'],
    from: awaitingApproval,
    refusal: 'Only a subscription awaiting approval can be denied',
  },
  payment_failed: {
    actors: ['admin', 'system'],
    from: awaitingApproval,
    refusal: 'Only a subscription awaiting approval can be marked as failed',
  },
  cancel: {
    actors: ['funder', 'system'],
    from: (s) => s.subscription_status === 'active',
    refusal: subscriptionMessages.nothingToCancel,
  },
  resume: {
    actors: ['system'],
    from: (s) => s.subscription_status === 'cancelled',
    refusal: 'Only a cancelled subscription can be resumed',
  },
  renew: {
    actors: ['system'],
    from: (s) => s.subscription_status === 'active' || s.subscription_status === 'inactive',
    refusal: 'Only an active or lapsed subscription can be renewed',
  },
  expire: {
    actors: ['system'],
    from: (s, e) =>
      (s.subscription_status === 'active' || s.subscription_status === 'cancelled') &&
      periodHasEnded(s, e.now),
    refusal: 'Only a subscription whose paid period has ended can expire',
  },
  end: {
    actors: ['system'],
    from: (s) => s.subscription_status === 'active' || s.subscription_status === 'payment_pending',
    refusal: 'Only a live subscription can be ended',
  },
  force_approve: {
    actors: ['admin'],
    from: (s) => !(s.approved && s.subscription_status === 'active'),
    refusal: 'This funder is already approved with an active subscription',
  },
};

function nextState(s: SubscriptionState, e: SubscriptionEvent): SubscriptionState {
  switch (e.type) {
    case 'payment_succeeded':
      return { ...s, subscription_status: 'payment_pending', cancel_at_period_end: false };
    case 'approve':
      return {
        ...s,
        subscription_status: 'active',
        subscription_period_end: oneMonthAfter(e.now),
        cancel_at_period_end: false,
      };
    case 'deny':
      return { ...s, subscription_status: 'denied', cancel_at_period_end: false };
    case 'payment_failed':
      return { ...s, subscription_status: 'failed', cancel_at_period_end: false };
    case 'end':
      return { ...s, subscription_status: 'inactive', cancel_at_period_end: false };
    case 'cancel':
      return { ...s, subscription_status: 'cancelled', cancel_at_period_end: true };
    case 'resume':
      return { ...s, subscription_status: 'active', cancel_at_period_end: false };
    case 'renew': {
      const current = s.subscription_period_end;
      return {
        ...s,
        subscription_status: 'active',
        // A renewal never shortens a period an admin's approval already gave.
        subscription_period_end: current && current > e.periodEnd ? current : e.periodEnd,
        cancel_at_period_end: false,
      };
    }
    case 'expire':
      return { ...s, subscription_status: 'inactive', cancel_at_period_end: false };
    case 'force_approve': {
      // An active subscription keeps its period; anything else starts one now.
      const keepsPeriod =
        s.subscription_status === 'active' &&
        s.subscription_period_end !== null &&
        s.subscription_period_end > e.now;
      return {
        subscription_status: 'active',
        approved: true,
        subscription_period_end: keepsPeriod ? s.subscription_period_end : oneMonthAfter(e.now),
        cancel_at_period_end: false,
      };
    }
  }
}

export type SubscriptionTransition =
  | { ok: true; next: SubscriptionState }
  | { ok: false; reason: 'role' | 'state'; message: string };

/** Whether `actor` may apply `event` to a subscription in state `s`, and the state that results. */
export function applySubscriptionEvent(
  s: SubscriptionState,
  event: SubscriptionEvent,
  actor: SubscriptionActor,
): SubscriptionTransition {
  const rule = rules[event.type] as {
    actors: readonly SubscriptionActor[];
    from: (s: SubscriptionState, e: SubscriptionEvent) => boolean;
    refusal: string | ((s: SubscriptionState) => string);
  };
  if (!rule.actors.includes(actor)) {
    return { ok: false, reason: 'role', message: 'Your role does not allow this' };
  }
  if (!rule.from(s, event)) {
    return {
      ok: false,
      reason: 'state',
      message: typeof rule.refusal === 'function' ? rule.refusal(s) : rule.refusal,
    };
  }
  return { ok: true, next: nextState(s, event) };
}

/**
 * Whether the expiry job should end this subscription now. A cancelled one ends with its period;
 * an active one only once `renewalGraceMs` has passed too, since the provider charges the renewal
 * at the period's end and its payment (which extends the period) can arrive a little later.
 */
export function isSubscriptionExpired(
  s: Pick<SubscriptionState, 'subscription_status' | 'subscription_period_end'>,
  now: Date,
  renewalGraceMs = 0,
): boolean {
  if (s.subscription_period_end === null) return false;
  const end = s.subscription_period_end.getTime();
  if (s.subscription_status === 'cancelled') return end <= now.getTime();
  if (s.subscription_status === 'active') return end + renewalGraceMs <= now.getTime();
  return false;
}
