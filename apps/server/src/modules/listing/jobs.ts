import type { JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import { runAutojoin } from './autojoin.ts';
import { linkDeps } from './deps.ts';
import { autojoinJob, linkJob, reconcileJob } from './jobs-definitions.ts';
import { reconcileListing } from './reconcile.ts';
import { linkOne } from './work.ts';

export { autojoinJob, linkJob, reconcileJob } from './jobs-definitions.ts';

export function listingJobs(ctx: JobsContext): ModuleJobs {
  const deps = linkDeps(ctx);
  const link: JobHandler<{ contentId: string; seq: number }> = (payload, job) =>
    linkOne(deps, payload, { last: job.retryCount >= linkJob.retryLimit });
  const autojoin: JobHandler<{ userId: string }> = async ({ userId }) => {
    const { result, queued } = await runAutojoin(deps, userId);
    ctx.log('Automatic link queued', { user: userId, queued });
    return result;
  };
  const reconcile: JobHandler<Record<string, never>> = async () => {
    const result = await reconcileListing(deps, ctx.log);
    ctx.log('Listing reconciled', { ...result });
    return 'success';
  };
  return {
    definitions: [linkJob, autojoinJob, reconcileJob],
    handlers: { [linkJob.name]: link, [autojoinJob.name]: autojoin, [reconcileJob.name]: reconcile },
  };
}
