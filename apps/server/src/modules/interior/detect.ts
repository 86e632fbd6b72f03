import { readDomainOptions } from '@spinyard/domain';
import { featureOff } from '../../errors.ts';
import type { JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia } from '../contents/media-access.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import { detectorUnavailable } from '../hotspots/proposals.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { defineProcessJob, PROCESS_JOB_RETRIES, ProcessRefused, runProcessJob } from '../processes/runner.ts';
import type { InteriorServiceDeps } from './service.ts';

/**
 * Automatic annotation of the interior (`interior_autodetect_annotation`: dashboard, seats...): the process's job,
 * with its locks and progress, and no detector behind it. No npm package ships a model for a car's cabin parts, and
 * unlike the exterior's wheels (a dark ring round a light rim, on every side frame) a cabin has no part with a shape
 * or place that can be measured the same way in every car: a dashboard or a seat placed "where it usually is" in
 * the panorama would be a convention pretending to detect. So the work refuses with `ai_detector_unavailable`
 * (reason `interior_parts`) and the route refuses before starting, saying so (docs/decisions.md "Automatic
 * annotation"). A detector plugs in here.
 */

export const interiorDetectJob = defineProcessJob('interior.detect-annotations', { expireInSeconds: 10 * 60 });

export function interiorDetectJobs(ctx: JobsContext): Required<ModuleJobs> {
  const handler: JobHandler<ProcessJobPayload> = (payload, job) =>
    runProcessJob(
      ctx.db,
      'interior_autodetect_annotation',
      payload.processId,
      async () => {
        const refusal = detectorUnavailable('interior_parts');
        throw new ProcessRefused('ai_detector_unavailable', refusal.message, { reason: 'interior_parts' });
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
      throw detectorUnavailable('interior_parts');
    },
  };
}
