import { defineJob, type JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import { accountService } from './account-service.ts';
import { siteOf } from './site.ts';
import { uploadVideo } from './work.ts';

/**
 * One upload to the video site. No retry: a failure is recorded on the row with the service's reason and the dealer
 * starts it again; a job whose worker died is taken up again by the job leases and goes on from the stored session.
 * Two hours cover 256 MB at a slow 300 kbit/s.
 */
export const uploadJob = defineJob<{ id: string }>('video-sharing.upload', {
  retryLimit: 0,
  expireInSeconds: 2 * 60 * 60,
});

export function videoSharingJobs(ctx: JobsContext): ModuleJobs {
  const site = siteOf(ctx);
  const accounts = accountService({ db: ctx.db, site });
  const upload: JobHandler<{ id: string }> = (payload) =>
    uploadVideo({ db: ctx.db, store: ctx.store, site, accounts }, payload.id);
  return { definitions: [uploadJob], handlers: { [uploadJob.name]: upload } };
}
