import { defineJob } from '../../platform/jobs/queue-registry.ts';
import { firstPaymentHoldReads } from '../auth/first-payment-hold.ts';
import { billingDepsOfJobs } from '../billing/index.ts';
import { firstPayment } from '../billing/signup.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import { abandonedSignups } from './first-payment-service.ts';

/**
 * Every hour, on one node: registrations whose 3-D Secure check was abandoned (every sign-in hold lapsed unanswered,
 * the account never activated) are released: the waiting payment cancelled at the gateway (so a late answer takes
 * no money), the account and its company removed; one paid meanwhile is activated instead. Without it they waited
 * for the same address to register again. A run that finds nothing, or runs twice, changes nothing.
 */
export const releaseAbandonedSignupsJob = defineJob<Record<string, never>>('users.release-abandoned-signups', {
  retryLimit: 2,
  expireInSeconds: 10 * 60,
  schedule: { cron: '23 * * * *', tz: 'UTC', payload: {} },
});

export function usersJobs(ctx: JobsContext, options: { now?: () => Date } = {}): ModuleJobs {
  return {
    definitions: [releaseAbandonedSignupsJob],
    handlers: {
      [releaseAbandonedSignupsJob.name]: async () => {
        // No gateway, no paid registration: nothing can be waiting on a check.
        if (!ctx.payments) return 'skipped';
        const sweep = abandonedSignups({
          db: ctx.db,
          reads: firstPaymentHoldReads(ctx.db, options.now),
          payment: firstPayment(billingDepsOfJobs(ctx)),
        });
        const released = await sweep.sweep();
        if (released === 0) return 'skipped';
        ctx.log('Abandoned registrations released', { released });
        return 'success';
      },
    },
  };
}
