/** A message as the application writes it; the sender address is the mailer's, set once from configuration. */
export interface OutgoingMail {
  to: string | string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  /**
   * A calendar invitation (text/calendar with its METHOD, plus the same as an .ics attachment), as nodemailer's
   * `icalEvent` sends it: calendar clients show accept buttons and update the event of the same UID.
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

/** Structured log line: a message and its fields (pino's `(fields, msg)` swapped to read naturally). */
export type MailLog = (msg: string, fields: Record<string, unknown>) => void;

export const DEFAULT_MAIL_FROM = 'Spinyard <no-reply@spinyard.localhost>';

export function recipientsOf(mail: OutgoingMail): string[] {
  return [...(Array.isArray(mail.to) ? mail.to : [mail.to]), ...(mail.cc ?? [])];
}
