import { readDomainOptions } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, featureOff } from '../../errors.ts';
import type { JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia } from '../contents/media-access.ts';
import { contentRecords } from '../contents/service.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { defineProcessJob, PROCESS_JOB_RETRIES, ProcessRefused, runProcessJob } from '../processes/runner.ts';

/**
 * Automatic annotation and damage detection on the exterior (`exterior_autodetect_annotation`, `exterior_defect`):
 * the processes' jobs, with their locks and progress like any other, and no detector behind them. No npm package
 * ships a model that finds a car's parts (wheels, headlights, mirrors) or its damage, and a guess dressed as a
 * proposal would be a fake result (docs/decisions.md "AI options"), so the work refuses with
 * `ai_detector_unavailable` and the routes refuse before starting (process-start.ts). A detector plugs in here.
 */

const unavailable = (what: string) => async (): Promise<void> => {
  throw new ProcessRefused('ai_detector_unavailable', `No ${what} detector is installed on this server.`);
};

export const annotationDetectJob = defineProcessJob('exterior.detect-annotations', { expireInSeconds: 10 * 60 });
export const defectDetectJob = defineProcessJob('exterior.detect-defects', { expireInSeconds: 10 * 60 });

export function exteriorDetectJobs(ctx: JobsContext): Required<ModuleJobs> {
  const lastAttempt = (retryCount: number) => retryCount >= PROCESS_JOB_RETRIES;
  const annotate: JobHandler<ProcessJobPayload> = (payload, job) =>
    runProcessJob(ctx.db, 'exterior_autodetect_annotation', payload.processId, unavailable('parts'), {
      lastAttempt: lastAttempt(job.retryCount),
    });
  const defect: JobHandler<ProcessJobPayload> = (payload, job) =>
    runProcessJob(ctx.db, 'exterior_defect', payload.processId, unavailable('damage'), {
      lastAttempt: lastAttempt(job.retryCount),
    });
  return {
    definitions: [annotationDetectJob, defectDetectJob],
    handlers: { [annotationDetectJob.name]: annotate, [defectDetectJob.name]: defect },
    processJobs: { exterior_autodetect_annotation: annotationDetectJob, exterior_defect: defectDetectJob },
  };
}

/** The route's side: the checks of a start, then the refusal (no process that can only fail is started). */
export function exteriorDetect(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * `POST .../autodetect` (parts, or damage when the domain's AI detection type is damage): checked like a start
     * (the vehicle, the lock of EXTERIOR.ANNOTATE or DETECT_DEFECT, the domain's automatic annotation or damage
     * detection option: 403 forbidden), then refused with 409 ai_detector_unavailable: no detector is installed
     * (detect-jobs.ts), and a process that can only fail is not started.
     */
    async detectAnnotations(actor: Actor, contentId: string): Promise<never> {
      await db.transaction().execute(async (trx) => {
        // The options say which operation to check; lockForMedia then checks who sees the vehicle and its locks.
        const options = readDomainOptions((await contentRecords(trx).find(contentId))?.domain_options);
        const damage = options.ai_detection_type === 'damage';
        await lockForMedia(trx, actor, contentId, damage ? 'EXTERIOR.DETECT_DEFECT' : 'EXTERIOR.ANNOTATE');
        if (!(damage ? options.damage_detection : options.auto_annotation)) {
          const reason = damage ? 'damage_detection_off' : 'auto_annotation_off';
          throw featureOff(reason, 'Automatic detection is turned off for this domain.');
        }
      });
      throw new AppError('ai_detector_unavailable');
    },
  };
}
