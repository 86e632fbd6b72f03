import type { JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import { linkDeps } from './deps.ts';
import { linkJob, reconcileJob } from './jobs-definitions.ts';
import { reconcileListing } from './reconcile.ts';
import { linkOne } from './work.ts';

export { linkJob, reconcileJob } from './jobs-definitions.ts';

export function listingJobs(ctx: JobsContext): ModuleJobs {
  const deps = linkDeps(ctx);
  const link: JobHandler<{ contentId: string; seq: number }> = (payload, job) =>
    linkOne(deps, payload, { last: job.retryCount >= linkJob.retryLimit });
  const reconcile: JobHandler<Record<string, never>> = async () => {
    const result = await reconcileListing(deps, ctx.log);
    ctx.log('Listing reconciled', { ...result });
    return 'success';
  };
  return {
    definitions: [linkJob, reconcileJob],
    handlers: { [linkJob.name]: link, [reconcileJob.name]: reconcile },
  };
}
