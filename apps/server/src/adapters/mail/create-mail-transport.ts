import type { Config } from '../../config';
import { type MailTransport, outboxOnlyTransport } from './mail';

/**
 * Real delivery over SMTP when SMTP_URL is set, otherwise the outbox alone. The SMTP transport
 * (and nodemailer with it) is imported only then (issue 12 item 8: memory at rest).
 */
export async function createMailTransport(config: Config): Promise<MailTransport> {
  if (!config.SMTP_URL) return outboxOnlyTransport;
  const { createSmtpTransport } = await import('./smtp-transport');
  return createSmtpTransport(config.SMTP_URL, config.MAIL_FROM);
}
