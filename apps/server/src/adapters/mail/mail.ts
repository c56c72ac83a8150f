import type { Db } from '../../db/database';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part: it reads well on its own. */
  text: string;
  /** The HTML part, from the same template (src/emails); stored in the outbox payload beside the text. */
  html?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on listing alerts). */
  headers?: Record<string, string>;
}

/** Where queued e-mails go once the outbox worker picks them up. */
export interface MailTransport {
  readonly name: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/**
 * The embedded default: the outbox row itself is the delivered mail, readable at /dev/mail.
 * Sending succeeds at once, so the worker marks the row done.
 */
export const outboxOnlyTransport: MailTransport = { name: 'outbox', send: async () => {} };

/**
 * Queues an e-mail in the outbox. Pass the transaction of the change that causes the e-mail, so
 * both commit together; the worker sends it after commit.
 */
export async function enqueueEmail(db: Db, message: MailMessage): Promise<void> {
  await db
    .insertInto('outbox')
    .values({ kind: 'email', payload: JSON.stringify(message) })
    .execute();
}
