import { readDomainOptions } from '@spinyard/domain';
import { AppError, featureOff } from '../../errors.ts';
import type { JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia } from '../contents/media-access.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { defineProcessJob, PROCESS_JOB_RETRIES, ProcessRefused, runProcessJob } from '../processes/runner.ts';
import type { InteriorServiceDeps } from './service.ts';

/**
 * Automatic annotation of the interior (`interior_autodetect_annotation`: dashboard, seats...): the process's job,
 * with its locks and progress, and no detector behind it, as on the exterior (exterior/detect-jobs.ts): no npm
 * package ships a model for a car's cabin parts, so the work refuses with `ai_detector_unavailable` and the route
 * refuses before starting. A detector plugs in here.
 */

export const interiorDetectJob = defineProcessJob('interior.detect-annotations', { expireInSeconds: 10 * 60 });

export function interiorDetectJobs(ctx: JobsContext): Required<ModuleJobs> {
  const handler: JobHandler<ProcessJobPayload> = (payload, job) =>
    runProcessJob(
      ctx.db,
      'interior_autodetect_annotation',
      payload.processId,
      async () => {
        throw new ProcessRefused('ai_detector_unavailable', 'No interior parts detector is installed on this server.');
      },
      { lastAttempt: job.retryCount >= PROCESS_JOB_RETRIES },
    );
  return {
    definitions: [interiorDetectJob],
    handlers: { [interiorDetectJob.name]: handler },
    processJobs: { interior_autodetect_annotation: interiorDetectJob },
  };
}

/** `POST /interior/{id}/autodetect`: checked like a start (lock, option), then 409 ai_detector_unavailable. */
export function interiorDetect(deps: Pick<InteriorServiceDeps, 'db'>) {
  return {
    async detectAnnotations(actor: Actor, contentId: string): Promise<never> {
      await deps.db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, 'INTERIOR.ANNOTATE');
        if (!readDomainOptions(content.domain_options).auto_annotation) {
          throw featureOff('auto_annotation_off', 'Automatic annotation is turned off for this domain.');
        }
      });
      throw new AppError('ai_detector_unavailable');
    },
  };
}
