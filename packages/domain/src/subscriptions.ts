import { z } from 'zod';

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
  alreadyActive: 'Your subscription is already active',
  alreadyPending: 'Your subscription payment is awaiting admin approval',
  notApproved: 'Your account must be approved before you subscribe',
  nothingToCancel: 'You have no active subscription to cancel',
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

export const cancelSubscriptionResponse = z.object({
  subscription_status: z.string(),
  cancel_at_period_end: z.boolean(),
  subscription_period_end: z.string().nullable(),
  message: z.string(),
});

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
