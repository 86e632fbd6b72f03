import type { JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { defineProcessJob, PROCESS_JOB_RETRIES, runProcessJob } from '../processes/runner.ts';
import { replaceProcessWork } from './car-background.ts';
import { extraImagesWork } from './extra-images-work.ts';

/**
 * One frame rendered in its sizes: seconds; a row's background replaced or its rotation corrected (car-background.ts):
 * every frame found, moved and rendered, a few minutes for 36 4K frames. An attempt still running after this lost
 * its worker.
 */
export const replaceImageJob = defineProcessJob('exterior.replace-image', { expireInSeconds: 15 * 60 });
/** Row deletes in one transaction, then blob deletes: seconds to a minute for thousands of frames. */
export const extraImagesJob = defineProcessJob('exterior.remove-extra-images', { expireInSeconds: 10 * 60 });

/** The exterior edits run as processes: replace-image and extra-image removal (the jobs of edit-*.ts). */
export function exteriorEditJobs(
  ctx: JobsContext,
  /** Once an attempt has ended: what follows the automatic rotation correction (after-spin.ts). */
  ended?: (processId: string) => Promise<unknown>,
): Required<ModuleJobs> {
  const lastAttempt = (retryCount: number) => retryCount >= PROCESS_JOB_RETRIES;
  const replace: JobHandler<ProcessJobPayload> = async (payload, job) => {
    const result = await runProcessJob(ctx.db, 'exterior_replace_image', payload.processId, replaceProcessWork(ctx), {
      lastAttempt: lastAttempt(job.retryCount),
    });
    await ended?.(payload.processId);
    return result;
  };
  const extra: JobHandler<ProcessJobPayload> = (payload, job) =>
    runProcessJob(ctx.db, 'exterior_extra_images_removal', payload.processId, extraImagesWork(ctx), {
      lastAttempt: lastAttempt(job.retryCount),
    });
  return {
    definitions: [replaceImageJob, extraImagesJob],
    handlers: { [replaceImageJob.name]: replace, [extraImagesJob.name]: extra },
    processJobs: {
      exterior_replace_image: replaceImageJob,
      exterior_extra_images_removal: extraImagesJob,
    },
  };
}
