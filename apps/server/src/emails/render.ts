import type { MailMessage } from '../adapters/mail/mail';
import { type EmailContent, emailText, unsubscribeHeaders } from './content';
import { renderEmailHtml } from './layout';

/**
 * Both parts of an e-mail from its template's content: the plain text and the HTML, greeting the
 * reader by name. The HTML is written as strings (layout.ts, decision 083): no React on the server.
 */
export async function renderEmail(
  content: EmailContent,
  recipientName: string | null | undefined,
): Promise<Omit<MailMessage, 'to'>> {
  const headers = unsubscribeHeaders(content);
  return {
    subject: content.subject,
    text: emailText(content, recipientName),
    html: renderEmailHtml(content, recipientName),
    ...(headers ? { headers } : {}),
  };
}
