import { japanDateOf } from '@spinyard/domain';
import { defineJob, type JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import { statisticsRepo } from './repo.ts';

/**
 * Every night just after midnight in Japan (the statistics' day), on one node: the visitor rows and daily secrets of
 * past days are deleted, so no visitor key of a day can be recomputed from an address once the day is over, even
 * when no event arrived to sweep them (the first event of a day also sweeps, event-service.ts).
 */
export const sweepVisitorsJob = defineJob<Record<string, never>>('statistics.sweep-visitors', {
  retryLimit: 2,
  expireInSeconds: 10 * 60,
  schedule: { cron: '5 0 * * *', tz: 'Asia/Tokyo', payload: {} },
});

export interface StatisticsJobOptions {
  now?: () => Date;
}

export function statisticsJobs(ctx: JobsContext, options: StatisticsJobOptions = {}): ModuleJobs {
  const now = options.now ?? (() => new Date());
  const sweep: JobHandler<Record<string, never>> = async () => {
    const today = japanDateOf(now());
    const swept = await statisticsRepo(ctx.db).sweepBefore(today);
    if (swept.visitors + swept.secrets === 0) return 'skipped';
    ctx.log('Past statistics visitors and secrets deleted', { before: today, ...swept });
    return 'success';
  };
  return { definitions: [sweepVisitorsJob], handlers: { [sweepVisitorsJob.name]: sweep } };
}
