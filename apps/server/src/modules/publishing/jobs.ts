import { defineJob } from '../../platform/jobs/queue-registry.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import { rekeyLegacyPublications } from './rekey.ts';

/**
 * Every ten minutes, on one node: publications built before keyed names are moved to them (rekey.ts). Once none is
 * left it is one indexed query that finds nothing, so it stays scheduled rather than needing a one-off command.
 */
export const rekeyPublishedMediaJob = defineJob<Record<string, never>>('publishing.rekey-published-media', {
  retryLimit: 1,
  expireInSeconds: 30 * 60,
  schedule: { cron: '*/10 * * * *', tz: 'UTC', payload: {} },
});

export function publishingJobs(ctx: JobsContext): ModuleJobs {
  return {
    definitions: [rekeyPublishedMediaJob],
    handlers: {
      [rekeyPublishedMediaJob.name]: async () => {
        const moved = await rekeyLegacyPublications(ctx.db, ctx.store);
        if (moved.length === 0) return 'skipped';
        ctx.log('Published media moved to keyed names', { vehicles: moved });
        return 'success';
      },
    },
  };
}
