import { z } from 'zod';
import { idParam } from './api-errors';
import { conversationPath } from './conversation-ref';

/** Notification types, their titles, tap-through targets and e-mail preference flags (spec 000 sections 2-3). */

export const notificationPreferenceFlags = [
  'email_messages',
  'email_project_updates',
  'email_newsletter',
  'email_access_requests',
  'email_deal_engagement',
  'email_proposals',
  'email_document_requests',
  'email_project_published',
  'email_project_rejected',
  'email_access_approved',
  'email_proposal_response',
  'email_borrower_messages',
  'email_account_approved',
  'email_payment_success',
] as const;
export type NotificationPreferenceFlag = (typeof notificationPreferenceFlags)[number];
export type NotificationPreferences = Record<NotificationPreferenceFlag, boolean>;

export const defaultNotificationPreferences: NotificationPreferences = Object.fromEntries(
  notificationPreferenceFlags.map((flag) => [flag, flag !== 'email_newsletter']),
) as NotificationPreferences;

export const notificationTypes = [
  'project_approved',
  'project_published',
  'project_rejected',
  'access_request',
  'access_granted',
  'access_declined',
  'access_revoked',
  'access_expiring',
  'deal_engagement',
  'proposal_received',
  'proposal_response',
  'deal_completed',
  'deal_message',
  'account_approved',
  'message',
  'document_request',
  'payment_success',
  'subscription_approved',
  'subscription_denied',
  'subscription_failed',
  // A new listing met the funder's lending criteria (issue 22 item 2).
  'listing_match',
  'system',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** Which preference turns the e-mail for a type on or off; null: in-app only. */
export const emailFlagFor: Record<NotificationType, NotificationPreferenceFlag | null> = {
  project_approved: 'email_project_published',
  project_published: 'email_project_published',
  project_rejected: 'email_project_rejected',
  access_request: 'email_access_requests',
  access_granted: 'email_access_approved',
  access_declined: 'email_access_approved',
  // Access taken back or about to lapse: the same access-decision e-mails (issue 19 item 5).
  access_revoked: 'email_access_approved',
  access_expiring: 'email_access_approved',
  deal_engagement: 'email_deal_engagement',
  proposal_received: 'email_proposals',
  proposal_response: 'email_proposal_response',
  // Beyond the spec's flags: a deal's completion and a party's nudge are deal-room news, like Engage.
  deal_completed: 'email_deal_engagement',
  deal_message: 'email_deal_engagement',
  account_approved: 'email_account_approved',
  message: 'email_messages',
  document_request: 'email_document_requests',
  payment_success: 'email_payment_success',
  subscription_approved: 'email_account_approved',
  subscription_denied: 'email_account_approved',
  subscription_failed: 'email_payment_success',
  // Its e-mail follows the funder's alert setting (instant, daily digest or off), not a flag.
  listing_match: null,
  system: null,
};

/**
 * Every type has its own title (issue 37 item 14: none reads just 'Notification'); the spec's eight
 * as it names them, the rest in the same style. Typed over every type, so a new one needs a title.
 */
const titles: Record<NotificationType, string> = {
  project_approved: 'Project Approved',
  project_published: 'Project Published',
  project_rejected: 'Project Rejected',
  access_request: 'New Access Request',
  access_granted: 'Access Granted',
  access_declined: 'Access Declined',
  access_revoked: 'Access Revoked',
  access_expiring: 'Access Ending Soon',
  deal_engagement: 'New Deal Engagement',
  proposal_received: 'New Proposal',
  proposal_response: 'Proposal Update',
  deal_completed: 'Deal Completed',
  deal_message: 'Deal Room Update',
  account_approved: 'Account Approved',
  message: 'New Message',
  document_request: 'Document Requested',
  payment_success: 'Payment Received',
  subscription_approved: 'Subscription Approved',
  subscription_denied: 'Subscription Denied',
  subscription_failed: 'Subscription Payment Failed',
  listing_match: 'New Matching Listing',
  system: 'Message from Plinth',
};

/**
 * The flag for a message's e-mail: the investor settings' 'email_borrower_messages' when a developer
 * writes to a funder in their conversation, 'email_messages' for everything else (a funder writing
 * to a developer, the Plinth team writing to anyone).
 */
export const messageEmailFlag = (senderRole: string | null): NotificationPreferenceFlag =>
  senderRole === 'borrower' ? 'email_borrower_messages' : 'email_messages';

/** Titles by type, else 'Notification'. */
export const notificationTitle = (type: string) =>
  (titles as Partial<Record<string, string>>)[type] ?? 'Notification';

/** Where tapping a notification goes, or null to stay. */
export function notificationTarget(type: string, relatedId: string | null): string | null {
  switch (type) {
    case 'project_approved':
    case 'access_granted':
    // Access about to lapse: the project it opens, while it still does.
    case 'access_expiring':
    // A listing that met the funder's criteria: its preview.
    case 'listing_match':
      return relatedId ? `/projects/${relatedId}` : null;
    case 'access_request':
      return '/access-requests';
    case 'deal_engagement':
    case 'proposal_received':
    case 'proposal_response':
    // Not in the spec's list either: a completed deal and a party's nudge open the room too.
    case 'deal_completed':
    case 'deal_message':
    // Not in the spec's tap-through list: a document request (made or fulfilled) opens its room.
    case 'document_request':
      return relatedId ? `/deals/${relatedId}` : null;
    case 'account_approved':
      return '/projects';
    // Not in the spec's tap-through list: the conversation it came from (an access request's), or
    // the recipient's thread with the Plinth team when an admin wrote.
    case 'message':
      return conversationPath(relatedId ? { kind: 'request', id: relatedId } : { kind: 'support' });
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// API shapes

export const notificationItem = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  related_id: z.string().nullable(),
  message: z.string(),
  created_at: z.string(),
  /** Whether the user has read it (a boolean, decision 080; it was the spec's 0/1). */
  read: z.boolean(),
  target: z.string().nullable(),
});

export const notificationsResponse = z.object({ items: z.array(notificationItem), unread_count: z.number() });

export const notificationsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });

export const notificationPreferencesSchema = z.strictObject(
  Object.fromEntries(notificationPreferenceFlags.map((f) => [f, z.boolean()])) as Record<
    NotificationPreferenceFlag,
    z.ZodBoolean
  >,
);
export const updateNotificationPreferencesBody = notificationPreferencesSchema.partial();

export const notificationMessages = {
  notFound: 'Notification not found',
  tooManyRequests: 'Too many requests',
} as const;

/** GET /api/notifications is polled; this many fetches a minute per person is plenty. */
export const NOTIFICATIONS_FETCHES_PER_MINUTE = 120;

export const notificationIdParams = z.object({ id: idParam() });

export const notificationsReadResponse = z.object({ updated: z.number(), unread_count: z.number() });
