import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import { defineJob, type JobHandler } from './queue-registry.ts';

export interface MailSendPayload {
  /** Names the reason for the mail (e.g. `password-reset:<request id>`), so it is sent once however often enqueued. */
  idempotencyKey: string;
  mail: OutgoingMail;
}

export function createMailSendHandler(mailer: Mailer): JobHandler<MailSendPayload> {
  return async ({ mail }) => {
    await mailer.send(mail);
    return 'success';
  };
}

/**
 * Mail leaves the request: an SMTP outage delays and retries it instead of failing the user's action.
 * The definition carries its handler factory so the two cannot be registered under different names.
 */
export const mailJob = {
  ...defineJob<MailSendPayload>('mail.send', {
    retryLimit: 5,
    singletonKey: (payload) => payload.idempotencyKey,
  }),
  handlerFor: createMailSendHandler,
};
