import { z } from 'zod';
import { OVERRIDE_HISTORY_SHOWN } from './constants';
import { adminListingLabels, adminStatusChoices, listingLabel } from './listing';
import { subscriptionStatusSchema } from './roles';

/** Admin calls of spec 001 section 7 used by the Projects tab, Overview and override history. */

export const adminMessages = {
  overrideReasonRequired: 'You must provide a reason for this override',
  denialReasonRequired: 'Please provide a reason for denial',
  messageRequired: 'Please enter a message',
} as const;

const reason = (message: string) => z.string({ error: message }).trim().min(1, message).max(2000);

/** Every override needs a non-blank reason. */
export const overrideBody = z.strictObject({ reason: reason(adminMessages.overrideReasonRequired) });

/** Approve & Publish needs no reason; the Quick Approve override sends the one its dialog asked for. */
export const approveProjectBody = z
  .strictObject({ reason: z.string().trim().min(1).max(2000).optional() })
  .nullish();

export const denyProjectBody = z.strictObject({
  reason: reason(adminMessages.denialReasonRequired),
  payment_not_received: z.boolean().default(false),
});

export const forcePublishBody = overrideBody.extend({ stripePaymentVerified: z.boolean().optional() });

export const confirmPaymentBody = overrideBody.extend({ paymentIntentId: z.string().min(1).max(100) });

export const updateProjectStatusBody = z.strictObject({
  status: z.enum(adminStatusChoices),
  reason: reason(adminMessages.overrideReasonRequired),
  // Accepted for compatibility with the spec's call; the server derives them from `status`.
  payment_status: z.enum(['unpaid', 'payment_pending', 'paid']).optional(),
  visible: z.boolean().optional(),
  submission_status: z.string().max(20).optional(),
  payment_not_received: z.boolean().optional(),
});

export const adminProjectsQuery = z.object({
  status: z.enum(['all', 'pending_review', 'published']).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const adminProject = z.object({
  id: z.string(),
  title: z.string(),
  borrower_id: z.string(),
  borrower_name: z.string(),
  borrower_email: z.string(),
  loan_amount: z.number(),
  payment_status: z.enum(['unpaid', 'payment_pending', 'paid']),
  payment_intent_id: z.string().nullable(),
  visible: z.boolean(),
  submission_status: z.enum(['submitted', 'rejected']).nullable(),
  status_label: z.enum(adminListingLabels),
  /** When a completed deal funded the listing (status_label 'Funded'). */
  funded_at: z.string().nullable(),
  property_type: z.string(),
  suburb: z.string(),
  development_stage: z.string(),
  project_size_sqm: z.number().nullable(),
  documents_complete: z.boolean(),
  last_rejection_reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminProject = z.infer<typeof adminProject>;

export const adminProjectsResponse = z.object({
  items: z.array(adminProject),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  pending_review_count: z.number(),
});

export const adminStatsResponse = z.object({
  total_users: z.number(),
  total_projects: z.number(),
  active_projects: z.number(),
  /** Sum of completed payments, in whole dollars. */
  total_revenue: z.number(),
});

export const overrideHistoryEntry = z.object({
  id: z.number(),
  created_at: z.string(),
  admin_name: z.string().nullable(),
  /** The audit key ('project.force_published'); the screen shows auditActionLabel of it. */
  action_type: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /**
   * The target's name as people know it: a project's title (kept from the deletion record once the
   * project is gone), a person's name (for user and subscription targets), or for a payment the
   * project it paid for or else the payer; null when nothing names it.
   */
  target_name: z.string().nullable(),
  /** The target no longer exists (a deleted project or person): shown by name, without a link. */
  is_target_deleted: z.boolean(),
  reason: z.string().nullable(),
});

export const overrideHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(OVERRIDE_HISTORY_SHOWN),
});

export const overrideHistoryResponse = z.object({ entries: z.array(overrideHistoryEntry) });

/** Outcome of an admin action on a project: the project's new listing state. */
export const adminActionResponse = z.object({
  message: z.string(),
  project: adminProject,
});

export const checkPaymentResponse = z.object({
  hasPayment: z.boolean(),
  paymentStatus: z.string().nullable(),
  amount: z.number().nullable(),
  message: z.string(),
});

export const syncPaymentResponse = z.object({ projectUpdated: z.boolean(), message: z.string() });

/** The `message` of each admin action's answer (shown as the success notice's text). */
export const adminActionMessages = {
  approved: 'Project approved and published',
  reapproved: 'Project re-approved and published',
  denied: 'Project denied; the developer has been told why',
  deniedPaymentNotReceived: 'Project denied and returned to draft (payment not received)',
  paymentFailed: 'Payment marked as failed; the project is back in draft',
  forcePublished: 'Project force published',
  revertedToDraft: 'Project reverted to draft',
  rejected: 'Project rejected',
  statusUpdated: 'Project status updated',
  deleted: 'Project deleted',
} as const;

/**
 * The payment state carried by a project_rejected notification (spec 001 section 4.2): the
 * listing fee was never received and the project is a draft again, or it was paid and the
 * developer may edit and resubmit without paying again.
 */
export const rejectionPaymentStates = ['returned_to_draft', 'paid_but_rejected'] as const;
export type RejectionPaymentState = (typeof rejectionPaymentStates)[number];

export const rejectionPaymentState = (paymentStatus: 'unpaid' | 'payment_pending' | 'paid') =>
  (paymentStatus === 'paid' ? 'paid_but_rejected' : 'returned_to_draft') satisfies RejectionPaymentState;

/**
 * A denial's payment state in the developer's words, for the e-mail (never the raw token): whether
 * the listing fee was received, and the project's status as My Projects labels it.
 */
export function rejectionPaymentStateLabel(state: RejectionPaymentState): string {
  const isPaid = state === 'paid_but_rejected';
  const status = listingLabel({
    payment_status: isPaid ? 'paid' : 'unpaid',
    visible: false,
    funded_at: null,
  });
  return `Listing fee ${isPaid ? 'received' : 'not received'} (project status: ${status})`;
}

// ---------------------------------------------------------------------------------------------
// People: the Users, Subscriptions and Funders tabs (spec 001 sections 2.3, 4.3, 7)

export const adminPeopleMessages = {
  userNotFound: 'User not found',
  notAFunder: 'This user is not a funder',
  alreadyApproved: 'This user is already approved',
  userApproved: 'User approved',
  subscriptionApproved: 'Subscription approved; the funder now has access to the marketplace',
  subscriptionDenied: 'Subscription denied; the funder has been told why',
  subscriptionFailed: 'Subscription payment marked as failed',
  funderForceApproved: 'Funder approved and subscription activated',
} as const;

/** Users tab filters; `pending_funders` is God Mode's list (not approved, or subscription pending or inactive). */
export const adminUserFilters = ['all', 'unapproved', 'subscription_pending', 'pending_funders'] as const;

export const adminUsersQuery = z.object({
  role: z.enum(['borrower', 'funder', 'admin', 'surveyor']).optional(),
  filter: z.enum(adminUserFilters).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const adminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['borrower', 'funder', 'admin', 'surveyor']).nullable(),
  approved: z.boolean(),
  /** The Users tab's and Funders tab's status: 'Approved' or 'Pending'. */
  verification_status: z.enum(['Approved', 'Pending']),
  company_name: z.string().nullable(),
  company_type: z.string().nullable(),
  /** The raw status, as stored. */
  subscription_status: subscriptionStatusSchema,
  /** The Subscriptions tab's derived status. */
  derived_subscription_status: z.enum(['Active', 'Pending Review', 'Inactive']),
  subscription_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersResponse = z.object({
  items: z.array(adminUser),
  page: z.number(),
  limit: z.number(),
  /** How many match the role and filter (for paging). */
  total: z.number(),
  /** Tab badges, over everyone regardless of the query. */
  counts: z.object({
    users: z.number(),
    unapproved: z.number(),
    funders: z.number(),
    pending_subscriptions: z.number(),
    pending_funders: z.number(),
  }),
});

export const adminUserIdParams = z.object({ id: z.string().trim().min(1).max(64) });

/** Deny asks for a reason (the funder is told it); blank is refused like the project denial. */
export const denySubscriptionBody = z.strictObject({ reason: reason(adminMessages.denialReasonRequired) });

export const adminUserActionResponse = z.object({ message: z.string(), user: adminUser });
