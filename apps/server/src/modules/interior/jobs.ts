import { readDomainOptions } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { JobHandler, JobRunner } from '../../platform/jobs/queue-registry.ts';
import type { ContentRecord } from '../contents/repo.ts';
import { contentRecords } from '../contents/service.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { defineProcessJob, PROCESS_JOB_RETRIES, runProcessJob, startProcessJob } from '../processes/runner.ts';
import { startAutoImagesIfEnabled } from '../slider/category-auto-service.ts';
import { asyncSceneJob, asyncSceneWork } from './async-upload.ts';
import { autoColorWork } from './auto-color.ts';
import { interiorDetectJobs } from './detect.ts';
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

/** Every scene measured and, where it needs it, rendered again: seconds a scene. */
export const autoColorJob = defineProcessJob('interior.auto-color', { expireInSeconds: 30 * 60 });

/**
 * Starts what follows a new scene in the caller's transaction (only with workers: without, nothing would run it):
 * the automatic colour when the domain's `brightness` option is on (its end starts the category images), else the
 * automatic category images when the vehicle has them on.
 */
export async function afterNewScene(
  trx: Db,
  jobs: Pick<JobRunner, 'enqueue'>,
  content: Pick<ContentRecord, 'id' | 'domain_options'>,
  actorUserId: string | null,
): Promise<void> {
  if (readDomainOptions(content.domain_options).brightness) {
    await startProcessJob(trx, jobs, autoColorJob, { contentId: content.id, process: 'color', actorUserId });
    return;
  }
  await startAutoImagesIfEnabled(trx, jobs, content.id, 'interior', actorUserId);
}

/** The image-quality tool (`interior_enhance`), the white balance (`whiteblance`) and the automatic colour (`color`). */
export function interiorJobs(ctx: JobsContext): ModuleJobs {
  const jobs = ctx.enqueue ? { enqueue: ctx.enqueue } : undefined;
  const color = autoColorWork({
    ...ctx,
    afterColor: (run) =>
      ctx.db
        .transaction()
        .execute((trx) => startAutoImagesIfEnabled(trx, jobs, run.contentId, 'interior', run.actorUserId)),
  });
  const handler =
    (process: InteriorEditProcess): JobHandler<ProcessJobPayload> =>
    (payload, job) =>
      runProcessJob(ctx.db, process, payload.processId, (run) => runInteriorEdit(ctx, run), {
        lastAttempt: job.retryCount >= PROCESS_JOB_RETRIES,
      });
  const colorHandler: JobHandler<ProcessJobPayload> = (payload, job) =>
    runProcessJob(ctx.db, 'color', payload.processId, color, { lastAttempt: job.retryCount >= PROCESS_JOB_RETRIES });
  const detect = interiorDetectJobs(ctx);
  const asyncScene = asyncSceneWork({
    ...ctx,
    afterScene: (run) =>
      ctx.db.transaction().execute(async (trx) => {
        const content = await contentRecords(trx).find(run.contentId);
        if (content && jobs) await afterNewScene(trx, jobs, content, run.actorUserId);
      }),
  });
  const asyncHandler: JobHandler<ProcessJobPayload> = (payload, job) =>
    runProcessJob(ctx.db, 'interior_async_upload', payload.processId, asyncScene, {
      lastAttempt: job.retryCount >= PROCESS_JOB_RETRIES,
    });
  return {
    definitions: [interiorEnhanceJob, whiteBalanceJob, autoColorJob, asyncSceneJob, ...detect.definitions],
    handlers: {
      [asyncSceneJob.name]: asyncHandler,
      ...detect.handlers,
      [interiorEnhanceJob.name]: handler('interior_enhance'),
      [whiteBalanceJob.name]: handler('whiteblance'),
      [autoColorJob.name]: colorHandler,
    },
    processJobs: {
      ...INTERIOR_PROCESS_JOBS,
      color: autoColorJob,
      interior_async_upload: asyncSceneJob,
      ...detect.processJobs,
    },
  };
}
