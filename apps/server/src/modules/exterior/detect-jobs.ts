import { DEFAULT_UI_LOCALE, type ExteriorProcessStartedAnswer, type Locale, readDomainOptions } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, featureOff, fieldError } from '../../errors.ts';
import type { JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia } from '../contents/media-access.ts';
import { contentRecords } from '../contents/service.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import { detectorUnavailable } from '../hotspots/proposals.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { defineProcessJob, PROCESS_JOB_RETRIES, ProcessRefused, runProcessJob } from '../processes/runner.ts';
import type { ExteriorServiceDeps } from './exterior-service.ts';
import { type PartsPayload, partsDetectionWork } from './parts-work.ts';
import { processStarter } from './process-start.ts';
import { exteriorRepo } from './repo.ts';

/**
 * Automatic annotation and damage detection on the exterior (`exterior_autodetect_annotation`, `exterior_defect`):
 * the processes' jobs, with their locks and progress like any other. Parts are proposed by a measuring method
 * (parts-work.ts, docs/decisions.md "Automatic annotation"). Damage has no detector: no npm package ships a model
 * that finds a car's damage, and the one method built here (the car against its mirror image,
 * platform/ai/damage-detector.ts) was measured and marks parts only one side has (fuel cap, badge, wiper) as often as
 * damage (bench/damage.ts, docs/decisions.md "Damage detection"), so its spots dressed as proposals would be a fake
 * result: that work refuses with `ai_detector_unavailable` (reason `damage`) and the route refuses before starting
 * (process-start.ts). A damage detector that measures well plugs in here.
 */

export const annotationDetectJob = defineProcessJob('exterior.detect-annotations', { expireInSeconds: 10 * 60 });
export const defectDetectJob = defineProcessJob('exterior.detect-defects', { expireInSeconds: 10 * 60 });

export function exteriorDetectJobs(ctx: JobsContext): Required<ModuleJobs> {
  const lastAttempt = (retryCount: number) => retryCount >= PROCESS_JOB_RETRIES;
  const parts = partsDetectionWork(ctx);
  const annotate: JobHandler<ProcessJobPayload> = (payload, job) =>
    runProcessJob(
      ctx.db,
      'exterior_autodetect_annotation',
      payload.processId,
      async (run) => {
        await parts(run);
      },
      { lastAttempt: lastAttempt(job.retryCount) },
    );
  const defect: JobHandler<ProcessJobPayload> = (payload, job) =>
    runProcessJob(
      ctx.db,
      'exterior_defect',
      payload.processId,
      async () => {
        throw new ProcessRefused('ai_detector_unavailable', detectorUnavailable('damage').message, {
          reason: 'damage',
        });
      },
      { lastAttempt: lastAttempt(job.retryCount) },
    );
  return {
    definitions: [annotationDetectJob, defectDetectJob],
    handlers: { [annotationDetectJob.name]: annotate, [defectDetectJob.name]: defect },
    processJobs: { exterior_autodetect_annotation: annotationDetectJob, exterior_defect: defectDetectJob },
  };
}

/**
 * The checks of `POST .../autodetect` before anything starts: the vehicle, the lock of EXTERIOR.ANNOTATE (parts) or
 * EXTERIOR.DETECT_DEFECT (damage, by the domain's AI detection type), and the domain's automatic annotation or damage
 * detection option (403 forbidden). Answers which detection the domain asks for.
 */
export async function checkedDetection(trx: Db, actor: Actor, contentId: string): Promise<'parts' | 'damage'> {
  // The options say which operation to check; lockForMedia then checks who sees the vehicle and its locks.
  const options = readDomainOptions((await contentRecords(trx).find(contentId))?.domain_options);
  const damage = options.ai_detection_type === 'damage';
  const content = await lockForMedia(trx, actor, contentId, damage ? 'EXTERIOR.DETECT_DEFECT' : 'EXTERIOR.ANNOTATE');
  if (!(damage ? options.damage_detection : options.auto_annotation)) {
    const reason = damage ? 'damage_detection_off' : 'auto_annotation_off';
    throw featureOff(reason, 'Automatic detection is turned off for this domain.');
  }
  if (!damage && !content.has_exterior) {
    throw new AppError('validation_failed', {
      fields: [fieldError('content_id', 'requires', 'The vehicle has no spin yet: upload a walk-around video.')],
    });
  }
  return damage ? 'damage' : 'parts';
}

/** The route's side of automatic annotation (exterior-service.ts spreads it into the exterior's service). */
export function exteriorDetect(deps: Pick<ExteriorServiceDeps, 'db' | 'store' | 'media' | 'jobs'>) {
  const { runProcess, afterCommit } = processStarter(deps);
  return {
    /**
     * `POST .../autodetect`: with the AI detection type parts, starts `exterior_autodetect_annotation`, which
     * proposes the wheels and headlights it can measure (parts-work.ts); with damage, refuses with 409
     * ai_detector_unavailable (reason damage) and starts nothing. Checks: `checkedDetection`.
     */
    async detectAnnotations(
      actor: Actor,
      contentId: string,
      groupId?: string,
      lang: Locale = DEFAULT_UI_LOCALE,
    ): Promise<ExteriorProcessStartedAnswer> {
      const row = await deps.db.transaction().execute(async (trx) => {
        if ((await checkedDetection(trx, actor, contentId)) === 'damage') return null;
        if (groupId !== undefined) {
          const spinRow = (await exteriorRepo(trx).groups(contentId)).find((g) => g.id === groupId && !g.is_temp);
          if (!spinRow) {
            throw new AppError('validation_failed', {
              fields: [fieldError('group_id', 'one_of', 'Choose a spin row of this vehicle.')],
            });
          }
        }
        const payload: PartsPayload = groupId === undefined ? { lang } : { group_id: groupId, lang };
        return runProcess(
          trx,
          { contentId, process: 'exterior_autodetect_annotation', actorUserId: actor.userId, payload: { ...payload } },
          annotationDetectJob,
        );
      });
      if (!row) throw detectorUnavailable('damage');
      const work = partsDetectionWork(deps);
      return afterCommit(row, 'exterior_autodetect_annotation', async (run) => {
        await work(run);
      });
    },
  };
}

export type ExteriorDetect = ReturnType<typeof exteriorDetect>;
