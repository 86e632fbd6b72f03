import { defaultPlateDetector } from '../../platform/ai/index.ts';
import type { PlateDetector } from '../../platform/ai/plate-detector.ts';
import type { JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import type { ProcessJobPayload, ProcessWork } from '../processes/runner.ts';
import { defineProcessJob, PROCESS_JOB_RETRIES, runProcessJob } from '../processes/runner.ts';
import { blurWork } from './blur-work.ts';
import { carBlurFrames } from './car-background.ts';
import { isPlateBlur, plateBlurWork } from './plate-blur-work.ts';

/**
 * 36 frames of a 4K row, each decoded, blurred and stored in its sizes: under a minute on one core; the automatic
 * plate blur adds its detection, under a minute for 36 frames at 1080p. An attempt still running after this lost
 * its worker.
 */
export const blurJob = defineProcessJob('exterior.blur', { expireInSeconds: 15 * 60 });

/** The blur process's work: an apply of the editor's settings, or the automatic plate blur (its payload says). */
export function blurProcessWork(ctx: Pick<JobsContext, 'db' | 'store' | 'media'>, plates?: PlateDetector) {
  const apply = blurWork(ctx, carBlurFrames(ctx));
  let automatic: ((run: ProcessWork) => Promise<void>) | undefined;
  return (run: ProcessWork): Promise<void> => {
    if (!isPlateBlur(run.payload)) return apply(run);
    // The detector (and its models) only once a plate blur runs on this worker.
    automatic ??= plateBlurWork({ ...ctx, plates: plates ?? defaultPlateDetector(ctx.media) });
    return automatic(run);
  };
}

/** The `blur` process (blur-work.ts, plate-blur-work.ts): its job, handler, and the reaper's way to retry it. */
export function blurJobs(ctx: JobsContext, plates?: PlateDetector): Required<ModuleJobs> {
  const work = blurProcessWork(ctx, plates);
  const handler: JobHandler<ProcessJobPayload> = (payload, job) =>
    runProcessJob(ctx.db, 'blur', payload.processId, work, {
      lastAttempt: job.retryCount >= PROCESS_JOB_RETRIES,
    });
  return {
    definitions: [blurJob],
    handlers: { [blurJob.name]: handler },
    processJobs: { blur: blurJob },
  };
}
