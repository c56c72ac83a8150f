import nodemailer from 'nodemailer';
import type { MailTransport } from './mail';

/** Real delivery over SMTP (SMTP_URL): with an HTML part, nodemailer sends multipart/alternative. */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(message) {
      const { to, subject, text, html, headers } = message;
      await transporter.sendMail({
        from,
        to,
        subject,
        text,
        ...(html ? { html } : {}),
        ...(headers ? { headers } : {}),
      });
    },
  };
}
