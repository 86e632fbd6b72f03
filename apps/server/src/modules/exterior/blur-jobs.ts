import type { JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { defineProcessJob, PROCESS_JOB_RETRIES, runProcessJob } from '../processes/runner.ts';
import { blurWork } from './blur-work.ts';

/**
 * 36 frames of a 4K row, each decoded, blurred and stored in its sizes: under a minute on one core. An attempt
 * still running after this lost its worker.
 */
export const blurJob = defineProcessJob('exterior.blur', { expireInSeconds: 15 * 60 });

/** The `blur` process (blur-work.ts): its job, handler, and the reaper's way to retry it. */
export function blurJobs(ctx: JobsContext): Required<ModuleJobs> {
  const handler: JobHandler<ProcessJobPayload> = (payload, job) =>
    runProcessJob(ctx.db, 'blur', payload.processId, blurWork(ctx), {
      lastAttempt: job.retryCount >= PROCESS_JOB_RETRIES,
    });
  return {
    definitions: [blurJob],
    handlers: { [blurJob.name]: handler },
    processJobs: { blur: blurJob },
  };
}
