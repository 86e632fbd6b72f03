import type { JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { defineProcessJob, PROCESS_JOB_RETRIES, runProcessJob } from '../processes/runner.ts';
import { type InteriorEditProcess, runInteriorEdit } from './work.ts';

/** An 8192x4096 panorama with every size and tile takes seconds; an attempt still running after this lost its worker. */
const EXPIRE_SECONDS = 10 * 60;

export const interiorEnhanceJob = defineProcessJob('interior.enhance', { expireInSeconds: EXPIRE_SECONDS });
export const whiteBalanceJob = defineProcessJob('interior.white-balance', { expireInSeconds: EXPIRE_SECONDS });

/** The area's process jobs, by the spec's process names. */
export const INTERIOR_PROCESS_JOBS = {
  interior_enhance: interiorEnhanceJob,
  whiteblance: whiteBalanceJob,
} as const satisfies Record<InteriorEditProcess, unknown>;

/** The image-quality tool (`interior_enhance`) and the white balance (`whiteblance`) of a scene. */
export function interiorJobs(ctx: JobsContext): ModuleJobs {
  const handler =
    (process: InteriorEditProcess): JobHandler<ProcessJobPayload> =>
    (payload, job) =>
      runProcessJob(ctx.db, process, payload.processId, (run) => runInteriorEdit(ctx, process, run), {
        lastAttempt: job.retryCount >= PROCESS_JOB_RETRIES,
      });
  return {
    definitions: [interiorEnhanceJob, whiteBalanceJob],
    handlers: {
      [interiorEnhanceJob.name]: handler('interior_enhance'),
      [whiteBalanceJob.name]: handler('whiteblance'),
    },
    processJobs: INTERIOR_PROCESS_JOBS,
  };
}
