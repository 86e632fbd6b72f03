import type { PlateDetector } from '../../platform/ai/plate-detector.ts';
import type { JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { PROCESS_JOB_RETRIES, runProcessJob } from '../processes/runner.ts';
import { nextAfter } from './after-spin.ts';
import { backupJobs } from './backup-service.ts';
import { blurJobs } from './blur-jobs.ts';
import { exteriorDetectJobs } from './detect-jobs.ts';
import { exteriorEditJobs } from './edit-jobs.ts';
import { afterNewSpin, frontDetectionJobs } from './front-jobs.ts';
import { asyncUploadJob, multipleJob, type PipelineHooks } from './pipeline-work.ts';
import { spinWork } from './trim-work.ts';

/** The exterior pipeline's jobs, which SPINYARD_MEDIA_JOBS lets a process run several of at once (main.ts). */
export const PIPELINE_JOB_NAMES: readonly string[] = [multipleJob.name, asyncUploadJob.name];

export interface ExteriorJobsOptions {
  /** Where a test stops the pipeline's work, as a worker killed there would. */
  pipelineHooks?: PipelineHooks;
  /** The backups' clock (tests move it). */
  now?: () => Date;
  /** The automatic plate blur's detector; absent, the process's shared one (platform/ai). */
  plates?: PlateDetector;
}

/** The pipeline's two processes (`multiple`, `exterior_async_upload`): the same work (pipeline-work.ts), and trims (trim-work.ts). */
function pipelineJobs(ctx: JobsContext, options: ExteriorJobsOptions): Required<ModuleJobs> {
  const pipeline = spinWork({
    db: ctx.db,
    store: ctx.store,
    media: ctx.media,
    hooks: options.pipelineHooks,
    afterRows: afterNewSpin(ctx),
    ...(options.now ? { now: options.now } : {}),
  });
  const handler =
    (process: 'multiple' | 'exterior_async_upload'): JobHandler<ProcessJobPayload> =>
    async (payload, job) => {
      const lastAttempt = job.retryCount >= PROCESS_JOB_RETRIES;
      const result = await runProcessJob(
        ctx.db,
        process,
        payload.processId,
        lastAttempt ? pipeline.runLast : pipeline.run,
        {
          lastAttempt,
        },
      );
      // The spin made: what follows it (after-spin.ts).
      await nextAfter(ctx, 'spin', payload.processId, options.plates);
      return result;
    };
  return {
    definitions: [multipleJob, asyncUploadJob],
    handlers: { [multipleJob.name]: handler('multiple'), [asyncUploadJob.name]: handler('exterior_async_upload') },
    processJobs: { multiple: multipleJob, exterior_async_upload: asyncUploadJob },
  };
}

/**
 * The exterior area's jobs: one set per part of the area (the pipeline, the backups' purge, the edits...), each
 * `{definitions, handlers, processJobs}`; a new part adds its set to the list below.
 */
export function exteriorJobs(ctx: JobsContext, options: ExteriorJobsOptions = {}): ModuleJobs {
  const sets: Required<ModuleJobs>[] = [
    pipelineJobs(ctx, options),
    backupJobs(ctx, options),
    exteriorEditJobs(ctx, (id) => nextAfter(ctx, 'rotation', id, options.plates)),
    blurJobs(ctx, options.plates, (id) => nextAfter(ctx, 'plates', id, options.plates)),
    frontDetectionJobs(ctx, (id) => nextAfter(ctx, 'front', id, options.plates)),
    exteriorDetectJobs(ctx),
  ];
  return {
    definitions: sets.flatMap((s) => s.definitions),
    handlers: Object.assign({}, ...sets.map((s) => s.handlers)),
    processJobs: Object.assign({}, ...sets.map((s) => s.processJobs)),
  };
}
