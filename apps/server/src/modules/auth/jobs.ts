import { LOGIN_THROTTLE } from '@spinyard/domain';
import { defineJob } from '../../platform/jobs/queue-registry.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import { attemptsRepo } from './attempts-repo.ts';

/**
 * How long a login attempt can still count: the longer of the throttle's two memories (per address and username,
 * per address). Older rows weigh on no answer, so keeping them would only grow the table and keep who tried to
 * sign in from where.
 */
export const LOGIN_ATTEMPTS_KEPT_MS = Math.max(LOGIN_THROTTLE.pair.memoryMs, LOGIN_THROTTLE.address.memoryMs);

/**
 * Every hour, on one node (pg-boss's schedule): login attempts past the throttle's memory are deleted. A delete by
 * age, so a run that finds nothing, or runs twice, changes nothing.
 */
export const pruneLoginAttemptsJob = defineJob<Record<string, never>>('auth.prune-login-attempts', {
  retryLimit: 2,
  expireInSeconds: 10 * 60,
  schedule: { cron: '17 * * * *', tz: 'UTC', payload: {} },
});

export function authJobs(ctx: JobsContext, options: { now?: () => Date } = {}): ModuleJobs {
  const now = options.now ?? (() => new Date());
  return {
    definitions: [pruneLoginAttemptsJob],
    handlers: {
      [pruneLoginAttemptsJob.name]: async () => {
        const pruned = await attemptsRepo(ctx.db).pruneAttempts(new Date(now().getTime() - LOGIN_ATTEMPTS_KEPT_MS));
        if (pruned === 0) return 'skipped';
        ctx.log('Login attempts past the throttle memory deleted', { pruned });
        return 'success';
      },
    },
  };
}
