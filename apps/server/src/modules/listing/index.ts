import type { AppModule, ModuleContext } from '../context.ts';
import { listingAccountService } from './account-service.ts';
import { linkDeps } from './deps.ts';
import { listingJobs } from './jobs.ts';
import { linkReads } from './link-reads.ts';
import { linkService } from './link-service.ts';
import { listingOverviewService } from './overview-service.ts';
import { listingReportRoutes } from './report-routes.ts';
import { listingRoutes } from './routes.ts';

function services(ctx: ModuleContext) {
  const jobs = ctx.jobs;
  const deps = linkDeps({ ...ctx, enqueue: jobs?.enqueue.bind(jobs), enqueueMany: jobs?.enqueueMany?.bind(jobs) });
  return {
    accounts: listingAccountService(deps),
    links: linkService(deps),
    reads: linkReads(deps),
    overview: listingOverviewService(deps),
  };
}

/** The listing-service link (issue 22): `/cs/...` and `/users/cs_autojoin`, the link jobs and the hourly reconcile. */
export const listingModule: AppModule = {
  name: 'listing',
  async contentApi(scope, ctx) {
    const { overview, ...dealer } = services(ctx);
    await scope.register(listingRoutes, dealer);
    await scope.register(listingReportRoutes, { overview });
  },
  jobs: listingJobs,
};
