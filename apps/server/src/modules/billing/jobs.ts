import { systemClock } from '../../platform/clock/clock.ts';
import { mailJob } from '../../platform/jobs/mail-job.ts';
import { defineJob, type JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { MailQueue } from '../../platform/mail/mail-outbox-queue.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import type { BillingDeps } from './settle.ts';
import { billingWork } from './work.ts';

/**
 * Every hour, on one node: the subscriptions with a step due at the billing clock's time (a renewal, a retry of the
 * dunning schedule, a contract's end, the removal of an ended contract's vehicles) are each handed to their own job,
 * and the card-expiry notices go out. Running twice finds the same work and the per-subscription jobs dedupe.
 */
export const billingTickJob = defineJob<Record<string, never>>('billing.tick', {
  retryLimit: 2,
  expireInSeconds: 10 * 60,
  schedule: { cron: '7 * * * *', tz: 'Asia/Tokyo', payload: {} },
});

export interface SubscriptionStepPayload {
  subscriptionId: string;
  /** The tick's instant: a new tick is new work, a retried or doubled one is the same job. */
  at: string;
}

/**
 * One subscription's due step, idempotent: the charge's key is derived from the period paid for, the row is locked
 * while it is charged, and a step that finds nothing due does nothing. Retried on a failure (a gateway outage).
 */
export const subscriptionStepJob = defineJob<SubscriptionStepPayload>('billing.subscription-step', {
  retryLimit: 3,
  expireInSeconds: 5 * 60,
  singletonKey: (p) => `${p.subscriptionId}:${p.at}`,
});

export interface BillingJobOptions {
  /** Where the mails go (tests); the mail queue's job by default. */
  mail?: MailQueue;
  onChargePaid?: BillingDeps['onChargePaid'];
  publicUrl?: string;
}

/** A catch-up is bounded: a subscription months behind is renewed period by period, at most this many per job. */
const MAX_STEPS_PER_JOB = 24;

export function billingJobs(ctx: JobsContext, options: BillingJobOptions = {}): ModuleJobs {
  const mail: MailQueue = options.mail ?? {
    async send(outgoing, idempotencyKey) {
      await ctx.enqueue?.(mailJob, { idempotencyKey, mail: outgoing });
    },
  };
  const work = billingWork({
    db: ctx.db,
    clock: ctx.clock ?? systemClock,
    payments: ctx.payments,
    mail,
    publicUrl: options.publicUrl,
    onChargePaid: options.onChargePaid,
  });

  const step: JobHandler<SubscriptionStepPayload> = async ({ subscriptionId }) => {
    let done = 0;
    while (done < MAX_STEPS_PER_JOB && (await work.step(subscriptionId)) !== 'skipped') done += 1;
    return done > 0 ? 'success' : 'skipped';
  };

  const tick: JobHandler<Record<string, never>> = async (_payload, job) => {
    const at = new Date().toISOString();
    const ids = await work.dueIds();
    for (const subscriptionId of ids) {
      if (ctx.enqueue) await ctx.enqueue(subscriptionStepJob, { subscriptionId, at });
      else await step({ subscriptionId, at }, job);
    }
    const notices = await work.cardExpiryNotices();
    if (ids.length + notices === 0) return 'skipped';
    ctx.log('Billing steps handed out', { subscriptions: ids.length, cardNotices: notices });
    return 'success';
  };

  return {
    definitions: [billingTickJob, subscriptionStepJob],
    handlers: { [billingTickJob.name]: tick, [subscriptionStepJob.name]: step },
  };
}
