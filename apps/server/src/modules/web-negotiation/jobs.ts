import { MEETING_REMINDER_MINUTES } from '@spinyard/domain';
import { mailJob } from '../../platform/jobs/mail-job.ts';
import { defineJob, type JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { MailQueue } from '../../platform/mail/mail-outbox-queue.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import { sendAll } from './invite-meeting.ts';
import { meetingsRepo } from './repo.ts';

/**
 * Reminders before the start: every minute, the meetings starting within MEETING_REMINDER_MINUTES that were not
 * reminded are claimed (reminded_at set in the same statement, so two nodes never remind twice) and each invitee
 * gets a mail and an SMS. A meeting moved later is reminded again for its new time (the edit clears reminded_at).
 */
export const remindJob = defineJob<Record<string, never>>('web-negotiation.remind', {
  retryLimit: 1,
  expireInSeconds: 5 * 60,
  schedule: { cron: '* * * * *', tz: 'UTC', payload: {} },
});

export async function sendDueReminders(
  ctx: Pick<JobsContext, 'db' | 'log' | 'sms'> & { mail: MailQueue },
  now: Date,
): Promise<number> {
  const repo = meetingsRepo(ctx.db);
  const due = await repo.claimReminders(now, MEETING_REMINDER_MINUTES * 60_000);
  for (const meeting of due) {
    const invitees = await repo.inviteesOf(meeting.id);
    const host = meeting.host_user_id ? await repo.hostUser(meeting.host_user_id) : undefined;
    if (!host || invitees.length === 0) continue;
    await sendAll(
      { db: ctx.db, mail: ctx.mail, sms: ctx.sms, log: ctx.log },
      {
        info: await repo.domainInfo(meeting.domain_id),
        meeting,
        host,
        outgoing: invitees.map((invitee) => ({ invitee, kind: 'remind' as const })),
      },
    );
  }
  return due.length;
}

export function webNegotiationJobs(ctx: JobsContext): ModuleJobs {
  const mail: MailQueue = {
    async send(message, idempotencyKey) {
      if (!ctx.enqueue) throw new Error('Meeting reminders need the job runner to send mail');
      await ctx.enqueue(mailJob, { idempotencyKey, mail: message });
    },
  };
  const remind: JobHandler<Record<string, never>> = async () => {
    const sent = await sendDueReminders({ ...ctx, mail }, new Date());
    return sent > 0 ? 'success' : 'skipped';
  };
  return { definitions: [remindJob], handlers: { [remindJob.name]: remind } };
}
