/** A message as the application writes it; the sender address is the mailer's, set once from configuration. */
export interface OutgoingMail {
  to: string | string[];
  cc?: string[];
  /** Where a reply goes when it is not the sender address (a buyer answering the dealer who mailed them). */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
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
