import { z } from 'zod';
import { adminMessages } from './admin';
import { idParam } from './api-errors';
import { MESSAGE_MAX_LENGTH } from './constants';
import { type AccessStatus, accessStatuses, hasGrantedAccess } from './marketplace';
import { undertakingAcceptance, undertakingSignature } from './undertaking';

/** Access requests and their conversations (spec 000 sections 2-7). */

export const accessMessages = {
  requestFailedTitle: 'Request Failed',
  requestFailed: 'Failed to send access request',
  requestSentTitle: 'Access Request Sent',
  alreadyRequested: 'You already have an open access request for this project',
  approvedTitle: 'Access Approved',
  approved: 'Funder now has access to full project details',
  declinedTitle: 'Access Declined',
  declined: 'Access request has been declined',
  onlyPending: 'Only a pending request can be approved or declined',
  notFound: 'Access request not found',
  messageRequired: 'Message cannot be empty',
  messageTooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
  sendFailedTitle: 'Send Failed',
  sendFailed: 'Failed to send message',
} as const;

/** The optional introduction: trimmed, and null when empty. */
export const introduction = z
  .string()
  .max(MESSAGE_MAX_LENGTH, accessMessages.messageTooLong)
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

export const createAccessRequestBody = z.strictObject({
  project_id: z.uuid({ error: 'Project not found' }),
  initial_message: introduction,
  /** The confidentiality undertaking, signed with the request (docs/decisions/033-undertaking.md). */
  undertaking: undertakingAcceptance,
});

export const accessRequestIdParams = z.object({ id: idParam() });

/** The developer's decision on a request, and the status it leads to (from pending only). */
export const accessDecisions = { approve: 'approved', decline: 'declined' } as const;
export type AccessDecision = keyof typeof accessDecisions;
export const canDecideAccess = (status: AccessStatus) => status === 'pending';

/**
 * Until the developer grants access, a funder knows them only as 'Developer': their name belongs to
 * the full file, like the project's title (the preview modal lists it among what approval unlocks).
 */
export const UNDISCLOSED_DEVELOPER = 'Developer';
/** Whether the developer is still undisclosed to this viewer: a funder whose access is not granted. */
export const isDeveloperUndisclosed = (options: { viewerIsFunder: boolean; status: AccessStatus }) =>
  options.viewerIsFunder && !hasGrantedAccess(options.status);
export const developerNameFor = (name: string, options: { viewerIsFunder: boolean; status: AccessStatus }) =>
  isDeveloperUndisclosed(options) ? UNDISCLOSED_DEVELOPER : name;
/** Nor their user id, which would tie this request to the same developer's disclosed ones. */
export const developerIdFor = (id: string, options: { viewerIsFunder: boolean; status: AccessStatus }) =>
  isDeveloperUndisclosed(options) ? null : id;

/**
 * Statuses that still hold the project's one open request per funder (declined and closed do not).
 * Revoked holds it too: a funder whose access was taken back cannot simply ask again (the whole
 * state machine: access-revocation.ts).
 */
export const openAccessStatuses = [
  'pending',
  'approved',
  'due_diligence',
  'term_sheet',
  'funded',
  'revoked',
] as const satisfies readonly AccessStatus[];

/**
 * An access request as its parties see it (and admins). project_title is null for a funder whose
 * access has not been granted: before approval a funder sees only the preview fields.
 */
export const accessRequest = z.object({
  id: z.string(),
  status: z.enum(accessStatuses),
  project_id: z.string(),
  project_title: z.string().nullable(),
  suburb: z.string().nullable(),
  loan_amount: z.number(),
  funder_id: z.string(),
  funder_name: z.string(),
  company_name: z.string().nullable(),
  company_type: z.string().nullable(),
  /** null for a funder whose access is not granted (the developer is undisclosed). */
  borrower_id: z.string().nullable(),
  borrower_name: z.string(),
  initial_message: z.string().nullable(),
  requested_at: z.string(),
  approved_at: z.string().nullable(),
  /** When granted access lapses by itself (the end of the developer's 'Access until' day), else null. */
  access_until: z.string().nullable(),
  /** A revoked (or lapsed) request: when, and why (the funder reads the reason too). */
  revoked_at: z.string().nullable(),
  revoke_reason: z.string().nullable(),
  last_message: z.string().nullable(),
  last_message_time: z.string().nullable(),
  unread_count: z.number(),
  /** The funder's signed undertaking; null for requests granted before undertakings existed. */
  undertaking: undertakingSignature.nullable(),
});
export type AccessRequest = z.infer<typeof accessRequest>;

export const accessRequestsQuery = z.object({
  status: z.enum(accessStatuses).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const accessRequestsResponse = z.object({ items: z.array(accessRequest), total: z.number() });

/** A message body: trimmed, non-empty, at most 1000 characters. */
export const messageText = z
  .string({ error: accessMessages.messageRequired })
  .trim()
  .min(1, accessMessages.messageRequired)
  .max(MESSAGE_MAX_LENGTH, accessMessages.messageTooLong);

export const sendMessageBody = z.strictObject({
  message: messageText,
  message_type: z.literal('text').default('text'),
});

export const message = z.object({
  id: z.string(),
  sender_id: z.string().nullable(),
  sender_role: z.string(),
  sender_name: z.string(),
  message: z.string(),
  message_type: z.string(),
  sent_at: z.string(),
  read_at: z.string().nullable(),
});
export type Message = z.infer<typeof message>;

/** The latest messages of a conversation, oldest first; `has_more` when older ones exist. */
export const messagesResponse = z.object({ items: z.array(message), has_more: z.boolean() });

/** A page of a conversation: the latest `limit` messages sent before `before` (default: now). */
export const messagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  before: z.iso.datetime({ offset: true }).optional(),
});

/** A user's thread with the admins, and the admins' list of threads (spec 001 section 3). */
export const adminMessage = message.extend({ admin_name: z.string().nullable() });
export const adminConversation = z.object({
  user_id: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  user_role: z.string().nullable(),
  last_message: z.string().nullable(),
  last_message_time: z.string().nullable(),
  unread_count: z.number(),
});
/** What an admin writes: the same limits, with the admin panel's own 'Please enter a message'. */
export const adminMessageText = z
  .string({ error: adminMessages.messageRequired })
  .trim()
  .min(1, adminMessages.messageRequired)
  .max(MESSAGE_MAX_LENGTH, accessMessages.messageTooLong);

export const adminSendMessageBody = z.strictObject({
  user_id: z.string().min(1).max(64),
  message: adminMessageText,
});

// ---------------------------------------------------------------------------------------------
// Conversations: who may write, when, and how often the other party is e-mailed

export const messagingMessages = {
  messageNotFound: 'Message not found',
  userNotFound: 'User not found',
  conversationClosed: 'This conversation is closed: the access request was declined or closed',
  adminsReadOnly: 'Admins can read this conversation but not write in it',
  onlyRecipient: 'Only the recipient can mark a message as read',
  adminsHaveNoThread: 'Admins message users from the admin panel',
  noAdminThreadWithAdmin: 'Admins do not have a thread with the admins',
} as const;

/** A declined, closed or revoked request's conversation can be read but takes no new messages. */
export const messagingClosedStatuses = [
  'declined',
  'closed',
  'revoked',
] as const satisfies readonly AccessStatus[];
export const canExchangeMessages = (status: AccessStatus) =>
  !(messagingClosedStatuses as readonly AccessStatus[]).includes(status);

/**
 * At most one e-mail per conversation and recipient every 10 minutes: a message is e-mailed only
 * when its sender's previous message in the same conversation (or thread) is at least that old,
 * so a burst of chat sends one e-mail and the in-app notifications carry the rest.
 */
export const MESSAGE_EMAIL_INTERVAL_MS = 10 * 60 * 1000;
export const shouldEmailNewMessage = (previousMessageAt: Date | null, now: Date) =>
  previousMessageAt === null || now.getTime() - previousMessageAt.getTime() >= MESSAGE_EMAIL_INTERVAL_MS;

export const messageIdParams = z.object({ id: idParam() });
export const adminThreadParams = z.object({ userId: z.string().min(1).max(64) });

/** A user's reply in their own thread with the admins. */
export const adminReplyBody = z.strictObject({ message: messageText });
/** An admin writing into one user's thread (the user named by the path). */
export const adminThreadMessageBody = z.strictObject({ message: adminMessageText });

export const markConversationReadResponse = z.object({ updated: z.number() });

/** The navigation badge: unread messages addressed to the viewer. */
export const unreadMessagesResponse = z.object({
  total: z.number(),
  /** In access-request conversations (always 0 for admins, who only read them). */
  conversations: z.number(),
  /** In the viewer's thread with the admins; for an admin, users' messages no admin has read. */
  admin_thread: z.number(),
});

export const ownAdminThreadResponse = z.object({ items: z.array(adminMessage), has_more: z.boolean() });

export const adminThreadUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string().nullable(),
});
export const adminThreadResponse = z.object({
  user: adminThreadUser,
  items: z.array(adminMessage),
  has_more: z.boolean(),
});

export const adminConversationsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const adminConversationsResponse = z.object({ items: z.array(adminConversation), total: z.number() });
