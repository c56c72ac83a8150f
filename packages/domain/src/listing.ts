import type { Role } from './roles';

/**
 * The listing state machine (DESIGN.md section 5; spec 000 section 4, spec 001 sections 4.1-4.2).
 * A listing's state is the triple (payment_status, visible, submission_status); every change goes
 * through `applyListingEvent`, which says who may make it and from which states.
 */

export const paymentStatuses = ['unpaid', 'payment_pending', 'paid'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export interface ListingState {
  payment_status: PaymentStatus;
  visible: boolean;
  submission_status: 'submitted' | 'rejected' | null;
  payment_not_received: boolean;
}

/**
 * Whether a completed deal funded the listing (project.funded_at, set once by deal completion and
 * never cleared). Required of every label so that no screen can forget it (issue 23 item 5).
 */
export interface FundedState {
  funded_at: string | Date | null;
}

export const listingLabels = ['Draft', 'Under Review', 'Published', 'Rejected', 'Funded'] as const;
export type ListingLabel = (typeof listingLabels)[number];

/**
 * Developer-facing label: funded (a deal completed) Funded, whatever the listing state; otherwise
 * unpaid Draft; payment_pending Under Review; paid+visible Published; paid hidden Rejected.
 */
export function listingLabel(
  s: Pick<ListingState, 'payment_status' | 'visible'> & FundedState,
): ListingLabel {
  if (s.funded_at) return 'Funded';
  if (s.payment_status === 'payment_pending') return 'Under Review';
  if (s.payment_status === 'paid') return s.visible ? 'Published' : 'Rejected';
  return 'Draft';
}

export const adminListingLabels = ['Pending Review', 'Published', 'Rejected', 'Draft', 'Funded'] as const;
export type AdminListingLabel = (typeof adminListingLabels)[number];

/** Admin table label (spec 001 section 2.3), with Funded first: a completed deal's listing. */
export function adminListingLabel(
  s: Pick<ListingState, 'payment_status' | 'visible' | 'submission_status'> & FundedState,
): AdminListingLabel {
  if (s.funded_at) return 'Funded';
  if (s.payment_status === 'payment_pending') return 'Pending Review';
  if (s.visible) return 'Published';
  if (s.submission_status === 'rejected') return 'Rejected';
  return 'Draft';
}

/** The developer may edit an unpaid draft, or a rejected (paid, hidden) listing. */
export const canEditListing = (s: Pick<ListingState, 'payment_status' | 'visible'>) =>
  s.payment_status === 'unpaid' || (s.payment_status === 'paid' && !s.visible);

/** Statuses of the admin's Change Status dropdown (spec 001 section 4.1). */
export const adminStatusChoices = [
  'draft',
  'payment_pending',
  'paid_unpublished',
  'published',
  'rejected',
] as const;
export type AdminStatusChoice = (typeof adminStatusChoices)[number];

export type ListingEvent =
  | { type: 'payment_succeeded' }
  | { type: 'approve' }
  | { type: 'deny'; paymentNotReceived: boolean }
  | { type: 'payment_failed' }
  | { type: 'resubmit' }
  | { type: 'force_publish' }
  | { type: 'reapprove' }
  | { type: 'revert_to_draft' }
  | { type: 'reject' }
  | { type: 'set_status'; status: AdminStatusChoice };

type Actor = Role | 'system';

const rules: Record<
  ListingEvent['type'],
  { actors: readonly Actor[]; from: (s: ListingState) => boolean; refusal: string }
> = {
  payment_succeeded: {
    actors: ['borrower', 'system'],
    from: (s) => s.payment_status === 'unpaid',
    refusal: 'Only an unpaid draft can be paid for',
  },
  approve: {
    actors: ['admin'],
    from: (s) => s.payment_status === 'payment_pending',
    refusal: 'Only a project under review can be approved',
  },
  deny: {
    actors: ['admin'],
    from: (s) => s.payment_status === 'payment_pending',
    refusal: 'Only a project under review can be denied',
  },
  payment_failed: {
    actors: ['admin', 'system'],
    from: (s) => s.payment_status === 'payment_pending',
    refusal: 'Only a project under review can have its payment marked failed',
  },
  resubmit: {
    actors: ['borrower'],
    // Every paid, hidden listing: the developer sees it as Rejected with 'Submit for Re-review'
    // (spec 000 section 4), also when an admin set it to paid_unpublished.
    from: (s) => s.payment_status === 'paid' && !s.visible,
    refusal: 'Only a rejected project can be resubmitted',
  },
  force_publish: {
    actors: ['admin'],
    from: (s) => s.payment_status === 'unpaid',
    refusal: 'Force publish works on unpaid projects only',
  },
  reapprove: {
    actors: ['admin'],
    from: (s) => s.payment_status === 'paid' && !s.visible && s.submission_status === 'rejected',
    refusal: 'Only a paid, rejected project can be re-approved',
  },
  revert_to_draft: {
    actors: ['admin'],
    from: (s) => s.payment_status !== 'unpaid',
    refusal: 'The project is already a draft',
  },
  reject: {
    actors: ['admin'],
    from: (s) => s.payment_status !== 'unpaid',
    refusal: 'An unpaid draft cannot be rejected',
  },
  set_status: { actors: ['admin'], from: () => true, refusal: '' },
};

export type TransitionResult =
  | { ok: true; next: ListingState }
  | { ok: false; reason: 'role' | 'state'; message: string };

const published: Omit<ListingState, 'payment_not_received'> = {
  payment_status: 'paid',
  visible: true,
  submission_status: 'submitted',
};

function nextState(e: ListingEvent): ListingState {
  switch (e.type) {
    case 'payment_succeeded':
    case 'resubmit':
      return {
        payment_status: 'payment_pending',
        visible: false,
        submission_status: 'submitted',
        payment_not_received: false,
      };
    case 'approve':
    case 'force_publish':
    case 'reapprove':
      return { ...published, payment_not_received: false };
    case 'deny':
      return e.paymentNotReceived
        ? {
            payment_status: 'unpaid',
            visible: false,
            submission_status: 'rejected',
            payment_not_received: true,
          }
        : {
            payment_status: 'paid',
            visible: false,
            submission_status: 'rejected',
            payment_not_received: false,
          };
    case 'payment_failed':
    case 'revert_to_draft':
      return {
        payment_status: 'unpaid',
        visible: false,
        submission_status: null,
        payment_not_received: false,
      };
    case 'reject':
      return {
        payment_status: 'paid',
        visible: false,
        submission_status: 'rejected',
        payment_not_received: false,
      };
    case 'set_status':
      switch (e.status) {
        case 'draft':
          return {
            payment_status: 'unpaid',
            visible: false,
            submission_status: null,
            payment_not_received: false,
          };
        case 'payment_pending':
          return {
            payment_status: 'payment_pending',
            visible: false,
            submission_status: 'submitted',
            payment_not_received: false,
          };
        case 'paid_unpublished':
          return {
            payment_status: 'paid',
            visible: false,
            submission_status: 'submitted',
            payment_not_received: false,
          };
        case 'rejected':
          return {
            payment_status: 'paid',
            visible: false,
            submission_status: 'rejected',
            payment_not_received: false,
          };
        case 'published':
          return { ...published, payment_not_received: false };
      }
  }
}

/** Whether `actor` may apply `event` to a listing in state `s`, and the state that results. */
export function applyListingEvent(s: ListingState, event: ListingEvent, actor: Actor): TransitionResult {
  const rule = rules[event.type];
  if (!rule.actors.includes(actor))
    return { ok: false, reason: 'role', message: 'Your role does not allow this' };
  if (!rule.from(s)) return { ok: false, reason: 'state', message: rule.refusal };
  return { ok: true, next: nextState(event) };
}
