import { emailFlagFor, type NotificationType } from '@plinth/domain/notifications';
import { enqueueEmail } from '../../adapters/mail/mail';
import type { Db } from '../../db/database';

export interface NotifyInput {
  userId: string;
  type: NotificationType;
  relatedId: string | null;
  message: string;
  /** The e-mail that goes with it, sent only if the recipient left that type on. */
  email?: { subject: string; text: string };
}

/**
 * Writes an in-app notification and, when the recipient's preferences allow, queues its e-mail in
 * the outbox. Call it with the transaction of the change it reports.
 */
export async function notify(trx: Db, input: NotifyInput): Promise<void> {
  await trx
    .insertInto('notification')
    .values({ user_id: input.userId, type: input.type, related_id: input.relatedId, message: input.message })
    .execute();
  if (!input.email) return;
  const flag = emailFlagFor[input.type];
  const recipient = await trx
    .selectFrom('user')
    .leftJoin('notification_preferences as p', 'p.user_id', 'user.id')
    .select(['user.email', 'user.deleted_at'])
    .$if(flag !== null, (q) => q.select(`p.${flag!}` as 'p.email_messages'))
    .where('user.id', '=', input.userId)
    .executeTakeFirst();
  if (!recipient || recipient.deleted_at) return;
  // No preferences row yet means the defaults: every e-mail on but the newsletter.
  const wanted = flag === null || (recipient as Record<string, unknown>)[flag] !== false;
  if (wanted) await enqueueEmail(trx, { to: recipient.email, ...input.email });
}
