import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from './constants';
import { accessStatuses } from './marketplace';

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
});

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
  borrower_id: z.string(),
  borrower_name: z.string(),
  initial_message: z.string().nullable(),
  requested_at: z.string(),
  approved_at: z.string().nullable(),
  last_message: z.string().nullable(),
  last_message_time: z.string().nullable(),
  unread_count: z.number(),
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

export const messagesResponse = z.object({ items: z.array(message) });

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
export const adminSendMessageBody = z.strictObject({
  user_id: z.string().min(1).max(64),
  message: messageText,
});
