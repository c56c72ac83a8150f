import { emailGreeting } from '@plinth/domain/greeting';
import {
  defaultNotificationPreferences,
  emailFlagFor,
  type NotificationPreferenceFlag,
  type NotificationPreferences,
  type NotificationType,
  notificationMessages,
  notificationPreferenceFlags,
  type notificationsReadResponse,
  type notificationsResponse,
  notificationTarget,
  notificationTitle,
} from '@plinth/domain/notifications';
import type { z } from 'zod';
import { enqueueEmail } from '../../adapters/mail/mail';
import type { Db } from '../../db/database';
import type { EmailContent } from '../../emails/content';
import { renderEmail } from '../../emails/render';
import { notFound } from '../../errors';
import { publishLiveEvent } from '../events/events.service';
import * as repo from './notifications.repository';

/**
 * The old shape: a subject and a plain-text body, sent as text only ('Hello Jane,' before it).
 * Every e-mail of the product is on a template; this stays for callers not moved yet.
 */
export interface LegacyEmail {
  subject: string;
  text: string;
}

export interface NotifyInput {
  userId: string;
  type: NotificationType;
  relatedId: string | null;
  message: string;
  /**
   * The e-mail that goes with it (a template from src/emails/templates), sent only if the recipient
   * left that type on. notify renders its text and HTML parts with the greeting ('Hello Jane,'), so
   * every e-mail greets its reader by name.
   */
  email?: EmailContent | LegacyEmail;
  /** The preference that governs the e-mail, when not the type's own (`emailFlagFor`). */
  emailFlag?: NotificationPreferenceFlag;
}

/**
 * Writes an in-app notification, tells the recipient's open pages about it (delivered when the
 * transaction commits) and, when the recipient's preferences allow, queues its e-mail in the
 * outbox. Call it with the transaction of the change it reports.
 */
export async function notify(trx: Db, input: NotifyInput): Promise<void> {
  const { id } = await repo.insertNotification(trx, input);
  await publishLiveEvent(trx, [input.userId], { type: 'notification', notification_id: id });
  if (!input.email) return;
  const flag = input.emailFlag ?? emailFlagFor[input.type];
  const recipient = await trx
    .selectFrom('user')
    .leftJoin('notification_preferences as p', 'p.user_id', 'user.id')
    .select(['user.email', 'user.name', 'user.deleted_at'])
    .$if(flag !== null, (q) => q.select(`p.${flag!}` as 'p.email_messages'))
    .where('user.id', '=', input.userId)
    .executeTakeFirst();
  if (!recipient || recipient.deleted_at) return;
  // No preferences row yet means the defaults: every e-mail on but the newsletter.
  const wanted = flag === null || (recipient as Record<string, unknown>)[flag] !== false;
  if (!wanted) return;
  const { email } = input;
  await enqueueEmail(trx, {
    to: recipient.email,
    ...('text' in email
      ? { subject: email.subject, text: `${emailGreeting(recipient.name)}\n\n${email.text}` }
      : await renderEmail(email, recipient.name)),
  });
}

type NotificationsResponse = z.infer<typeof notificationsResponse>;
type ReadResponse = z.infer<typeof notificationsReadResponse>;

/** The bell: the latest notifications with their titles and tap-through targets, and the unread count. */
export async function listNotifications(
  db: Db,
  options: { userId: string; limit: number },
): Promise<NotificationsResponse> {
  const [rows, unread] = await Promise.all([
    repo.listLatestNotifications(db, options.userId, options.limit),
    repo.countUnreadNotifications(db, options.userId),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: notificationTitle(row.type),
      related_id: row.related_id,
      message: row.message,
      created_at: new Date(row.created_at).toISOString(),
      read: row.read,
      target: notificationTarget(row.type, row.related_id),
    })),
    unread_count: unread,
  };
}

/** Marks one of the caller's notifications read; someone else's answers 404 like a missing one. */
export async function markNotificationRead(
  db: Db,
  options: { userId: string; notificationId: string },
): Promise<ReadResponse> {
  const updated = await repo.markNotificationRead(db, options.userId, options.notificationId);
  if (!updated) throw notFound(notificationMessages.notFound);
  return { updated: 1, unread_count: await repo.countUnreadNotifications(db, options.userId) };
}

export async function markAllNotificationsRead(db: Db, options: { userId: string }): Promise<ReadResponse> {
  const updated = await repo.markAllNotificationsRead(db, options.userId);
  return { updated, unread_count: 0 };
}

const pickFlags = (row: Record<string, unknown>): NotificationPreferences =>
  Object.fromEntries(
    notificationPreferenceFlags.map((flag) => [flag, row[flag] === true]),
  ) as NotificationPreferences;

/** The caller's e-mail preferences: the defaults until they first save them. */
export async function getNotificationPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const row = await repo.findNotificationPreferences(db, userId);
  return row ? pickFlags(row) : { ...defaultNotificationPreferences };
}

/** Saves the flags given (any subset) and answers with all of them. */
export async function updateNotificationPreferences(
  db: Db,
  options: { userId: string; changes: Partial<NotificationPreferences> },
): Promise<NotificationPreferences> {
  return pickFlags(await repo.upsertNotificationPreferences(db, options.userId, options.changes));
}
