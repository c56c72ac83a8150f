import { z } from 'zod';
import { adminMessages } from './admin';
import { idParam } from './api-errors';
import { roleSchema } from './roles';

/** God Mode (spec 001 section 2.3): unpaid projects, recent payments and the quick actions. */

const reason = z
  .string({ error: adminMessages.overrideReasonRequired })
  .trim()
  .min(1, adminMessages.overrideReasonRequired)
  .max(2000);

export const godModeMessages = {
  banner: 'These actions bypass all system checks',
  userNotFound: 'User not found',
  projectNotFound: 'Project not found',
  paymentNotFound: 'Payment not found',
  notListingPayment: 'Only listing payments are synced with the payment provider',
} as const;

export const unpaidProject = z.object({
  id: z.string(),
  title: z.string(),
  borrower_name: z.string(),
  loan_amount: z.number(),
  created_at: z.string(),
});
export const unpaidProjectsResponse = z.object({ items: z.array(unpaidProject) });
export type UnpaidProject = z.infer<typeof unpaidProject>;

/** Spec 001 section 3: payment fields shown to admins; amounts in cents. */
export const adminPayment = z.object({
  id: z.string(),
  created_at: z.string(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  payment_type: z.enum(['project_listing', 'subscription']),
  amount: z.number(),
  status: z.enum(['pending', 'completed', 'failed', 'refunded']),
  project_id: z.string().nullable(),
  project_title: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPayment>;
export const allPaymentsQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const allPaymentsResponse = z.object({ items: z.array(adminPayment) });

/** A payment that is not completed is flagged; a listing payment that is not completed may be synced. */
export const isFlaggedPayment = (p: Pick<AdminPayment, 'status'>) => p.status !== 'completed';
export const canSyncPayment = (p: Pick<AdminPayment, 'status' | 'payment_type' | 'project_id'>) =>
  p.status !== 'completed' && p.payment_type === 'project_listing' && p.project_id !== null;

export const paymentIdParams = z.object({ id: idParam() });
export const godModeReasonBody = z.strictObject({ reason });
export const syncPaymentActionResponse = z.object({ projectUpdated: z.boolean(), message: z.string() });

export const systemMessageBody = z.strictObject({
  user_id: z.string().trim().min(1, godModeMessages.userNotFound).max(64),
  message: z
    .string({ error: adminMessages.messageRequired })
    .trim()
    .min(1, adminMessages.messageRequired)
    .max(1000),
  reason,
});
export const systemMessageResponse = z.object({ message: z.string() });

export const viewAsUserParams = z.object({ id: z.string().trim().min(1).max(64) });
/**
 * Spec 001 calls View As User with no input; the console sends the override dialog's reason as an
 * optional `reason` query parameter, stored in the audit entry when given (decision 040).
 */
export const viewAsUserQuery = z.object({
  reason: reason.optional().describe('Why the admin looks; optional, stored in the audit entry when given'),
});
/** What View As User answers: enough to tell whom the admin looked at; the page shows only the name. */
export const viewAsUserResponse = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    role: roleSchema.nullable(),
    approved: z.boolean(),
    subscription_status: z.string(),
    created_at: z.string(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Analytics tab: every figure computed by SQL on the server

/** A listing's state for the analytics chart; funded listings are counted apart from live ones. */
export const analyticsListingStates = [
  'draft',
  'pending_review',
  'published',
  'rejected',
  'paid_unpublished',
  'funded',
] as const;
export type AnalyticsListingState = (typeof analyticsListingStates)[number];

export const analyticsListingStateLabels: Record<AnalyticsListingState, string> = {
  draft: 'Draft',
  pending_review: 'Pending Review',
  published: 'Published',
  rejected: 'Rejected',
  paid_unpublished: 'Paid, not published',
  funded: 'Funded',
};

export const funnelSteps = [
  'signed_up',
  'onboarded',
  'listed',
  'paid',
  'published',
  'access_requested',
  'deal',
  'funded',
] as const;
export type FunnelStep = (typeof funnelSteps)[number];

export const funnelStepLabels: Record<FunnelStep, string> = {
  signed_up: 'Signed up',
  onboarded: 'Onboarded',
  listed: 'Listed',
  paid: 'Paid',
  published: 'Published',
  access_requested: 'Access requested',
  deal: 'Deal',
  funded: 'Funded',
};

const monthKey = z.string().regex(/^\d{4}-\d{2}$/);

export const analyticsResponse = z.object({
  /** Months oldest first, in Sydney time. */
  months: z.array(monthKey),
  /** Listings created in each month, by their state today. */
  listings_by_month: z.array(
    z.object({
      month: monthKey,
      ...Object.fromEntries(analyticsListingStates.map((s) => [s, z.number()])),
    } as {
      month: typeof monthKey;
    } & Record<AnalyticsListingState, z.ZodNumber>),
  ),
  /** Completed payments by month, whole AUD. */
  revenue_by_month: z.array(z.object({ month: monthKey, listing: z.number(), subscription: z.number() })),
  funnel: z.array(z.object({ step: z.enum(funnelSteps), count: z.number() })),
  payment_to_publication: z.object({
    listings: z.number(),
    median_hours: z.number().nullable(),
    average_hours: z.number().nullable(),
  }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;
export const analyticsQuery = z.object({ months: z.coerce.number().int().min(1).max(36).default(12) });
