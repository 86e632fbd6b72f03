import type { JobDefinition, JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { defineProcessJob, PROCESS_JOB_RETRIES, runProcessJob } from '../processes/runner.ts';
import { categoryAutoWork } from './category-auto-work.ts';

export type AutoImagesSource = 'exterior' | 'interior';

/** Five pictures cut and stored in the slider's sizes: seconds. Past this the attempt lost its worker. */
export const AUTO_IMAGES_JOBS: Record<AutoImagesSource, JobDefinition<ProcessJobPayload>> = {
  exterior: defineProcessJob('slider.auto-exterior-images', { expireInSeconds: 10 * 60 }),
  interior: defineProcessJob('slider.auto-interior-images', { expireInSeconds: 10 * 60 }),
};

export const AUTO_IMAGES_PROCESS = {
  exterior: 'exterior_autogenerate_category_images',
  interior: 'interior_autogenerate_category_images',
} as const satisfies Record<AutoImagesSource, string>;

/** The automatic category images (category-auto-work.ts), one job per source. */
export function sliderJobs(ctx: JobsContext): ModuleJobs {
  const handler =
    (source: AutoImagesSource): JobHandler<ProcessJobPayload> =>
    (payload, job) =>
      runProcessJob(ctx.db, AUTO_IMAGES_PROCESS[source], payload.processId, categoryAutoWork(ctx, source), {
        lastAttempt: job.retryCount >= PROCESS_JOB_RETRIES,
      });
  return {
    definitions: [AUTO_IMAGES_JOBS.exterior, AUTO_IMAGES_JOBS.interior],
    handlers: {
      [AUTO_IMAGES_JOBS.exterior.name]: handler('exterior'),
      [AUTO_IMAGES_JOBS.interior.name]: handler('interior'),
    },
    processJobs: {
      [AUTO_IMAGES_PROCESS.exterior]: AUTO_IMAGES_JOBS.exterior,
      [AUTO_IMAGES_PROCESS.interior]: AUTO_IMAGES_JOBS.interior,
    },
  };
}
