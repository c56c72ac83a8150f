import nodemailer from 'nodemailer';
import type { MailTransport } from './mail';

/** Real delivery over SMTP (SMTP_URL). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
  };
}
