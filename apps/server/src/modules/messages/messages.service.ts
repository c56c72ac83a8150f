import {
  accessMessages,
  type adminConversationsResponse,
  type adminThreadResponse,
  canExchangeMessages,
  developerIdFor,
  developerNameFor,
  type Message,
  type messagesResponse,
  messagingMessages,
  type ownAdminThreadResponse,
  shouldEmailNewMessage,
  type unreadMessagesResponse,
} from '@plinth/domain/access';
import { type AccessStatus, hasGrantedAccess } from '@plinth/domain/marketplace';
import { messageEmailFlag } from '@plinth/domain/notifications';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { newMessage, teamMessage } from '../../emails/templates/messages';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { publishLiveEvent } from '../events/events.service';
import { notify } from '../notifications/notifications.service';
import { conversationRoleOf, isThreadRecipient } from './messages.policy';
import * as repo from './messages.repository';

/** What the message services need: the database and the public address for e-mail links. */
export type MessagesDeps = Pick<AppDeps, 'db' | 'config'>;

type AdminMessage = z.infer<typeof ownAdminThreadResponse>['items'][number];

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

const PLINTH = 'Plinth';
const PLINTH_TEAM = 'Plinth Admin';
const DELETED_USER = 'Deleted user';
const PREVIEW_LENGTH = 140;

const preview = (text: string) =>
  text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
const messagesLink = (deps: MessagesDeps) => new URL('/messages', deps.config.BASE_URL).toString();

// --- Rows to API objects ---

/**
 * A conversation's message as `viewer` sees it: a funder without granted access sees the
 * developer's messages signed 'Developer'.
 */
function toMessage(
  row: repo.MessageRow,
  conversation: { funder_id: string; borrower_id: string; status: AccessStatus },
  viewer: Viewer,
): Message {
  const isSystem = row.message_type === 'system';
  const name = row.sender_name ?? (isSystem ? PLINTH : DELETED_USER);
  const fromDeveloper = row.sender_id === conversation.borrower_id;
  const undisclosed = { viewerIsFunder: viewer.id === conversation.funder_id, status: conversation.status };
  return {
    id: row.id,
    sender_id: fromDeveloper && row.sender_id ? developerIdFor(row.sender_id, undisclosed) : row.sender_id,
    sender_role: isSystem
      ? 'system'
      : row.sender_id === conversation.funder_id
        ? 'funder'
        : row.sender_id === conversation.borrower_id
          ? 'borrower'
          : (row.sender_user_role ?? 'unknown'),
    sender_name: fromDeveloper ? developerNameFor(name, undisclosed) : name,
    message: row.message,
    message_type: row.message_type,
    sent_at: iso(row.sent_at),
    read_at: isoOrNull(row.read_at),
  };
}

function toAdminMessage(row: repo.AdminMessageRow): AdminMessage {
  const isFromAdmin = row.sender_role === 'admin';
  return {
    id: row.id,
    sender_id: row.sender_id,
    sender_role: row.sender_role,
    sender_name: row.sender_name ?? (isFromAdmin ? PLINTH_TEAM : DELETED_USER),
    message: row.message,
    message_type: 'text',
    sent_at: iso(row.sent_at),
    read_at: isoOrNull(row.read_at),
    admin_name: isFromAdmin ? (row.sender_name ?? PLINTH_TEAM) : null,
  };
}

/** Rows fetched newest first with one extra, as a page in reading order. */
function toPage<Row, Item>(rows: Row[], limit: number, map: (row: Row) => Item) {
  return { items: rows.slice(0, limit).reverse().map(map), has_more: rows.length > limit };
}

// --- Access-request conversations ---

async function requireConversation(db: Db, viewer: Viewer, accessRequestId: string) {
  const conversation = await repo.findConversation(db, accessRequestId);
  const role = conversation && conversationRoleOf(viewer, conversation);
  // Someone else's conversation answers exactly like one that does not exist.
  if (!conversation || !role) throw notFound(accessMessages.notFound);
  return { conversation, role };
}

/** A page of a conversation, for its funder, its developer, or an admin. */
export async function getConversationMessages(
  db: Db,
  options: { viewer: Viewer; accessRequestId: string; page: repo.PageOptions },
): Promise<z.infer<typeof messagesResponse>> {
  const { conversation } = await requireConversation(db, options.viewer, options.accessRequestId);
  const rows = await repo.listConversationMessages(db, conversation.id, options.page);
  return toPage(rows, options.page.limit, (row) => toMessage(row, conversation, options.viewer));
}

/**
 * One party writes to the other. In one transaction: the message, a live 'message' event to both
 * parties' open pages (the sender's other tabs too), and a 'message' notification for the other
 * party, e-mailed only if their preference allows and the sender has been quiet for a while.
 */
export async function sendConversationMessage(
  deps: MessagesDeps,
  options: { viewer: Viewer; accessRequestId: string; text: string },
): Promise<Message> {
  const { viewer, text } = options;
  const { messageId, conversation } = await deps.db.transaction().execute(async (trx) => {
    const conversation = await repo.lockConversation(trx, options.accessRequestId);
    const role = conversation && conversationRoleOf(viewer, conversation);
    if (!conversation || !role) throw notFound(accessMessages.notFound);
    if (role === 'admin') throw forbidden(messagingMessages.adminsReadOnly);
    if (!canExchangeMessages(conversation.status)) throw conflict(messagingMessages.conversationClosed);

    const previous = await repo.lastMessageTimeOf(trx, conversation.id, viewer.id);
    const { id, sent_at } = await repo.insertMessage(trx, {
      accessRequestId: conversation.id,
      senderId: viewer.id,
      message: text,
    });
    const recipientId = role === 'funder' ? conversation.borrower_id : conversation.funder_id;
    await publishLiveEvent(trx, [recipientId, viewer.id], {
      type: 'message',
      access_request_id: conversation.id,
      message_id: id,
    });
    // A funder without granted access may learn neither the project's title nor the developer's
    // name from a notification.
    const canSeeTitle = role === 'funder' || hasGrantedAccess(conversation.status);
    const about = canSeeTitle ? ` about "${conversation.project_title}"` : ' about your access request';
    const sender = developerNameFor(viewer.name, {
      viewerIsFunder: recipientId === conversation.funder_id,
      status: conversation.status,
    });
    await notify(trx, {
      userId: recipientId,
      type: 'message',
      relatedId: conversation.id,
      emailFlag: messageEmailFlag(role),
      message: `New message from ${sender}${about}: ${preview(text)}`,
      email: shouldEmailNewMessage(previous, new Date(sent_at))
        ? newMessage({ sender, about, text, url: messagesLink(deps) })
        : undefined,
    });
    return { messageId: id, conversation };
  });
  const row = await repo.findMessage(deps.db, messageId);
  return toMessage(row!, conversation, viewer);
}

/** Marks everything the other party wrote in a conversation read; only its parties may. */
export async function markConversationRead(
  db: Db,
  options: { viewer: Viewer; accessRequestId: string },
): Promise<{ updated: number }> {
  const { conversation, role } = await requireConversation(db, options.viewer, options.accessRequestId);
  if (role === 'admin') throw forbidden(messagingMessages.adminsReadOnly);
  return { updated: await repo.markConversationRead(db, conversation.id, options.viewer.id) };
}

/**
 * PUT /api/messages/{id}/read for a message of either kind: in an access-request conversation
 * (its recipient, the party that did not write it) or in a thread with the admins (the user for
 * an admin's message, any admin for the user's). Someone who could not read it gets 404; a reader
 * who is not its recipient (its sender, an admin in a conversation) 403.
 */
export async function markMessageRead(
  db: Db,
  options: { viewer: Viewer; messageId: string },
): Promise<Message | AdminMessage> {
  const { viewer, messageId } = options;
  const message = await repo.findMessageWithParties(db, messageId);
  if (message) {
    const role = conversationRoleOf(viewer, message);
    if (!role) throw notFound(messagingMessages.messageNotFound);
    if (role === 'admin' || message.sender_id === viewer.id) throw forbidden(messagingMessages.onlyRecipient);
    await repo.markMessageRead(db, messageId);
    return toMessage((await repo.findMessage(db, messageId))!, message, viewer);
  }
  const threadMessage = await repo.findAdminMessage(db, messageId);
  if (threadMessage && (viewer.role === 'admin' || threadMessage.user_id === viewer.id)) {
    if (!isThreadRecipient(viewer, threadMessage)) throw forbidden(messagingMessages.onlyRecipient);
    await repo.markAdminMessageRead(db, messageId);
    return toAdminMessage((await repo.findAdminMessage(db, messageId))!);
  }
  throw notFound(messagingMessages.messageNotFound);
}

/** The navigation badge: what is waiting for the viewer in conversations and in the admin thread. */
export async function getUnreadCounts(
  db: Db,
  viewer: Viewer,
): Promise<z.infer<typeof unreadMessagesResponse>> {
  if (viewer.role === 'admin') {
    const adminThread = await repo.countUnreadInThreads(db, { writer: 'user' });
    return { total: adminThread, conversations: 0, admin_thread: adminThread };
  }
  const [conversations, adminThread] = await Promise.all([
    repo.countUnreadInConversations(db, viewer.id),
    repo.countUnreadInThreads(db, { writer: 'admin', userId: viewer.id }),
  ]);
  return { total: conversations + adminThread, conversations, admin_thread: adminThread };
}

export interface ConversationSummary {
  last_message: string | null;
  last_message_time: string | null;
  unread_count: number;
}

/**
 * For lists of access requests: each conversation's newest message and what `viewerId` has not
 * read in it. The caller has already decided the viewer may see these requests.
 */
export async function summariseConversations(
  db: Db,
  options: { viewerId: string; accessRequestIds: readonly string[] },
): Promise<Map<string, ConversationSummary>> {
  const summaries = new Map<string, ConversationSummary>();
  if (options.accessRequestIds.length === 0) return summaries;
  const [latest, unread] = await Promise.all([
    repo.lastMessagesOf(db, options.accessRequestIds),
    repo.unreadCountsOf(db, options.accessRequestIds, options.viewerId),
  ]);
  const unreadById = new Map(unread.map((row) => [row.access_request_id, Number(row.count)]));
  for (const id of options.accessRequestIds) {
    const last = latest.find((row) => row.access_request_id === id);
    summaries.set(id, {
      last_message: last?.message ?? null,
      last_message_time: last ? iso(last.sent_at) : null,
      unread_count: unreadById.get(id) ?? 0,
    });
  }
  return summaries;
}

// --- Each user's thread with the admins ---

/** The user at the other end of a thread: someone who exists, is not deleted and is not an admin. */
async function requireThreadUser(db: Db, userId: string) {
  const user = await repo.findThreadUser(db, userId);
  if (!user) throw notFound(messagingMessages.userNotFound);
  if (user.role === 'admin') throw new AppError('BAD_REQUEST', messagingMessages.noAdminThreadWithAdmin);
  return user;
}

/** The signed-in user's own thread; opening its latest page marks the admins' messages read. */
export async function getOwnAdminThread(
  db: Db,
  options: { viewer: Viewer; page: repo.PageOptions },
): Promise<z.infer<typeof ownAdminThreadResponse>> {
  if (options.page.before === undefined) await repo.markThreadRead(db, options.viewer.id, 'user');
  const rows = await repo.listAdminThread(db, options.viewer.id, options.page);
  return toPage(rows, options.page.limit, toAdminMessage);
}

/** Publishes a thread's new message to the user and to every admin (their lists and badges change). */
async function publishThreadMessage(trx: Db, userId: string, messageId: string) {
  const admins = await repo.listAdminIds(trx);
  await publishLiveEvent(trx, [userId, ...admins], {
    type: 'admin_message',
    user_id: userId,
    message_id: messageId,
  });
}

/** A developer or funder writes to the admins, starting the thread or answering in it. */
export async function replyToAdmins(
  deps: MessagesDeps,
  options: { viewer: Viewer & { role: 'borrower' | 'funder' }; text: string },
): Promise<AdminMessage> {
  const { viewer } = options;
  const messageId = await deps.db.transaction().execute(async (trx) => {
    const { id } = await repo.insertAdminMessage(trx, {
      userId: viewer.id,
      senderId: viewer.id,
      senderRole: viewer.role,
      message: options.text,
    });
    await publishThreadMessage(trx, viewer.id, id);
    return id;
  });
  return toAdminMessage((await repo.findAdminMessage(deps.db, messageId))!);
}

export async function listAdminConversations(
  db: Db,
  query: { page: number; limit: number },
): Promise<z.infer<typeof adminConversationsResponse>> {
  const { rows, total } = await repo.listAdminConversations(db, query);
  return {
    items: rows.map((row) => ({
      user_id: row.user_id,
      user_name: row.user_name,
      user_email: row.user_email,
      user_role: row.user_role,
      last_message: row.last_message,
      last_message_time: isoOrNull(row.last_message_time),
      unread_count: Number(row.unread_count ?? 0),
    })),
    total,
  };
}

/** One user's thread for the admins; opening its latest page marks the user's messages read. */
export async function getAdminThread(
  db: Db,
  options: { userId: string; page: repo.PageOptions },
): Promise<z.infer<typeof adminThreadResponse>> {
  const user = await requireThreadUser(db, options.userId);
  if (options.page.before === undefined) await repo.markThreadRead(db, user.id, 'admin');
  const rows = await repo.listAdminThread(db, user.id, options.page);
  return { user, ...toPage(rows, options.page.limit, toAdminMessage) };
}

/**
 * An admin writes into a user's thread: the message, live events to the user and the admins, and
 * for the user a notification — a 'message' (e-mailed under the same preference and rate rule as
 * conversations) or, for a system message, a 'system' one shown in the bell only.
 */
async function writeToUser(
  deps: MessagesDeps,
  options: {
    viewer: Viewer;
    userId: string;
    text: string;
    kind: 'message' | 'system';
    /** More to write in the same transaction (God Mode's audit entry). */
    alsoInTransaction?: (trx: Db, userId: string) => Promise<void>;
  },
): Promise<AdminMessage> {
  const { viewer, text } = options;
  const messageId = await deps.db.transaction().execute(async (trx) => {
    const user = await requireThreadUser(trx, options.userId);
    const previous = await repo.lastThreadMessageTime(trx, user.id, 'admin');
    const { id, sent_at } = await repo.insertAdminMessage(trx, {
      userId: user.id,
      senderId: viewer.id,
      senderRole: 'admin',
      message: text,
    });
    await publishThreadMessage(trx, user.id, id);
    if (options.kind === 'system') {
      await notify(trx, { userId: user.id, type: 'system', relatedId: null, message: text });
    } else {
      await notify(trx, {
        userId: user.id,
        type: 'message',
        relatedId: null,
        message: `New message from the Plinth team: ${preview(text)}`,
        email: shouldEmailNewMessage(previous, new Date(sent_at))
          ? teamMessage({ text, url: messagesLink(deps) })
          : undefined,
      });
    }
    await options.alsoInTransaction?.(trx, user.id);
    return id;
  });
  return toAdminMessage((await repo.findAdminMessage(deps.db, messageId))!);
}

export const sendAdminMessage = (
  deps: MessagesDeps,
  options: { viewer: Viewer; userId: string; text: string },
) => writeToUser(deps, { ...options, kind: 'message' });

export const sendSystemMessage = (
  deps: MessagesDeps,
  options: {
    viewer: Viewer;
    userId: string;
    text: string;
    alsoInTransaction?: (trx: Db, userId: string) => Promise<void>;
  },
) => writeToUser(deps, { ...options, kind: 'system' });
