import { type ConversationRef, conversationParam } from '@plinth/domain/conversation-ref';
import type { AccessStatus } from '@plinth/domain/marketplace';
import { type Role, roleLabels } from '@plinth/domain/roles';
import type { AdminConversation } from '../api/list-admin-conversations';
import type { Conversation } from '../api/list-conversations';

/** One row of the conversation list, whatever kind of conversation it is. */
export interface ConversationSummary {
  ref: ConversationRef;
  /** conversationParam(ref): the list key and the address value. */
  key: string;
  /** The counterpart: the developer for a funder, the funder for a developer, the user for admins. */
  name: string;
  /** What it is about: the project, the funder's company, the user's e-mail. */
  detail: string | null;
  preview: string | null;
  time: string | null;
  unread: number;
  status?: AccessStatus;
  request?: Conversation;
}

export const SUPPORT_NAME = 'Plinth Support';

/** The project as this viewer may name it: a funder sees no title before access is granted. */
export const projectLabel = (request: Conversation) =>
  request.project_title ?? (request.suburb ? `Project in ${request.suburb}` : 'Project');

export function requestSummary(request: Conversation, viewerRole: Role): ConversationSummary {
  const isFunder = viewerRole === 'funder';
  const ref: ConversationRef = { kind: 'request', id: request.id };
  const company = !isFunder && request.company_name ? ` · ${request.company_name}` : '';
  return {
    ref,
    key: conversationParam(ref),
    name: isFunder ? request.borrower_name : request.funder_name,
    detail: `${projectLabel(request)}${company}`,
    preview: request.last_message ?? request.initial_message,
    time: request.last_message_time ?? request.requested_at,
    unread: request.unread_count,
    status: request.status,
    request,
  };
}

export function supportSummary(unread: number): ConversationSummary {
  const ref: ConversationRef = { kind: 'support' };
  return {
    ref,
    key: conversationParam(ref),
    name: SUPPORT_NAME,
    detail: 'The Plinth team',
    preview: 'Questions about your account or a listing? Write to us here.',
    time: null,
    unread,
  };
}

export function adminThreadSummary(thread: AdminConversation): ConversationSummary {
  const ref: ConversationRef = { kind: 'user', userId: thread.user_id };
  const role = thread.user_role ? (roleLabels[thread.user_role as Role] ?? thread.user_role) : undefined;
  return {
    ref,
    key: conversationParam(ref),
    name: thread.user_name,
    detail: role ? `${role} · ${thread.user_email}` : thread.user_email,
    preview: thread.last_message,
    time: thread.last_message_time,
    unread: thread.unread_count,
  };
}

/** Most recent activity first. */
export const byRecentActivity = (a: ConversationSummary, b: ConversationSummary) =>
  (b.time ?? '').localeCompare(a.time ?? '');
