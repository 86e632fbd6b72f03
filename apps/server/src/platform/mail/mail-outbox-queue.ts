import { mailJob } from '../jobs/mail-job.ts';
import type { JobRunner } from '../jobs/queue-registry.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';

/**
 * How services send mail: through the `mail.send` job when a job runner is running (an SMTP outage then
 * delays and retries the mail instead of failing the user's action), straight through the mailer otherwise
 * (tests, one-off commands). The key makes a repeated request send one mail.
 */
export interface MailQueue {
  send(mail: OutgoingMail, idempotencyKey: string): Promise<void>;
}

export function createMailQueue(mailer: Mailer, jobs: JobRunner | undefined): MailQueue {
  return {
    async send(mail, idempotencyKey) {
      if (jobs) {
        await jobs.enqueue(mailJob, { idempotencyKey, mail });
        return;
      }
      await mailer.send(mail);
    },
  };
}
