import type { Mailer, MailLog } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export type { Mailer, MailLog, OutgoingMail } from './mailer.ts';
export { createOutboxMailer } from './outbox-mailer.ts';
export { createSmtpMailer } from './smtp-mailer.ts';

export interface MailConfig {
  /** Unset: mail goes to the outbox folder instead of a server. */
  smtpUrl?: string;
  mailFrom: string;
  outboxDir: string;
}

export function createMailer(config: MailConfig, log: MailLog): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  return createOutboxMailer(config.outboxDir, log, config.mailFrom);
}
