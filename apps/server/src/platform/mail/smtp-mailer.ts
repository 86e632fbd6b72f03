import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

/**
 * Mail through a real SMTP server. `smtp://user:pass@host:587` upgrades with STARTTLS when offered,
 * `smtps://...:465` is TLS from the start; user and password are percent-decoded from the URL, and nodemailer
 * reads extra options from the query (e.g. `?pool=true`).
 */
export function createSmtpMailer(url: string, from: string): Mailer {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error('SMTP_URL is not a valid URL');
  }
  // Checked here because nodemailer would treat any other scheme as plain SMTP without saying so.
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${protocol}//`);
  }
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}
