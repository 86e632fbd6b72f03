/**
 * Text messages to phones (two-step codes today, meeting invitations later). One small interface with an
 * outbox default that keeps everything on the machine and an HTTP provider backend, like the mailer.
 */
export interface SmsSender {
  /** Resolves once the backend has accepted the message; rejects with an SmsError otherwise. */
  send(to: string, text: string): Promise<void>;
}

/** Structured log line, the same shape as the mailer's. */
export type SmsLog = (msg: string, fields: Record<string, unknown>) => void;

/**
 * A refused or failed send. `retryable` tells a caller that may retry (a job) whether trying again can help:
 * provider outages and timeouts can, a refused number or a bad API key cannot.
 */
export class SmsError extends Error {
  override name = 'SmsError';
  readonly retryable: boolean;
  readonly status: number | undefined;

  constructor(message: string, options: { retryable: boolean; status?: number; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryable = options.retryable;
    this.status = options.status;
  }
}

/** The last digits only: enough to tell messages apart in a log without keeping the number. */
export function maskPhone(to: string): string {
  const digits = to.replace(/\D/g, '');
  return digits.length <= 4 ? '****' : `****${digits.slice(-4)}`;
}
