import type { MailMessage } from '../adapters/mail/mail';
import { type EmailContent, emailText, unsubscribeHeaders } from './content';

/**
 * Both parts of an e-mail from its template's content: the plain text and the HTML, greeting the
 * reader by name. React and react-email load on the first e-mail, not at start (issue 12 item 8).
 */
export async function renderEmail(
  content: EmailContent,
  recipientName: string | null | undefined,
): Promise<Omit<MailMessage, 'to'>> {
  const { renderEmailHtml } = await import('./layout');
  const headers = unsubscribeHeaders(content);
  return {
    subject: content.subject,
    text: emailText(content, recipientName),
    html: await renderEmailHtml(content, recipientName),
    ...(headers ? { headers } : {}),
  };
}
