import { readDomainOptions } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { JobHandler, JobRunner } from '../../platform/jobs/queue-registry.ts';
import { contentRecords } from '../contents/service.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { defineProcessJob, PROCESS_JOB_RETRIES, runProcessJob, startProcessJob } from '../processes/runner.ts';
import { imagesNowUnlessBlurComes } from './after-spin.ts';
import { frontDetectionWork } from './front-work.ts';

/** 36 frames of each row read at 128 px and compared: a second or two a row. Past this the attempt lost its worker. */
export const frontDetectionJob = defineProcessJob('exterior.detect-front', { expireInSeconds: 5 * 60 });

/** The `exterior_autodetect_angle` process (front-work.ts): its job, handler, and the reaper's way to retry it. */
export function frontDetectionJobs(
  ctx: JobsContext,
  /** Once an attempt has ended: what follows (after-spin.ts: the plate blur, else the category images). */
  ended?: (processId: string) => Promise<unknown>,
): Required<ModuleJobs> {
  const jobs = ctx.enqueue ? { enqueue: ctx.enqueue } : undefined;
  const work = frontDetectionWork({
    ...ctx,
    afterTurn: (trx, run) => imagesNowUnlessBlurComes(trx, jobs, run.contentId, run.actorUserId),
  });
  const handler: JobHandler<ProcessJobPayload> = async (payload, job) => {
    const result = await runProcessJob(
      ctx.db,
      'exterior_autodetect_angle',
      payload.processId,
      async (run) => {
        await work(run);
      },
      { lastAttempt: job.retryCount >= PROCESS_JOB_RETRIES },
    );
    await ended?.(payload.processId);
    return result;
  };
  return {
    definitions: [frontDetectionJob],
    handlers: { [frontDetectionJob.name]: handler },
    processJobs: { exterior_autodetect_angle: frontDetectionJob },
  };
}

/**
 * Starts front detection on a vehicle in the caller's transaction when its domain has the option on: what the spin
 * pipeline calls once its rows are written (pipeline-work.ts), so the dealer finds the spin starting at the front.
 * Answers whether it was started.
 */
export async function startFrontDetectionIfEnabled(
  trx: Db,
  jobs: Pick<JobRunner, 'enqueue'> | undefined,
  contentId: string,
  actorUserId: string | null,
): Promise<boolean> {
  const content = await contentRecords(trx).find(contentId);
  if (!content || !readDomainOptions(content.domain_options).front_detection) return false;
  await startProcessJob(trx, jobs, frontDetectionJob, {
    contentId,
    process: 'exterior_autodetect_angle',
    actorUserId,
    payload: {},
  });
  return true;
}

/**
 * What follows a new spin, in the transaction that writes its rows (after-spin.ts has the whole chain): front
 * detection when the domain has it on, else the automatic category images when no plate blur is to come first.
 */
export function afterNewSpin(ctx: Pick<JobsContext, 'enqueue'>) {
  const jobs = ctx.enqueue ? { enqueue: ctx.enqueue } : undefined;
  return async (trx: Db, contentId: string, actorUserId: string | null): Promise<void> => {
    if (await startFrontDetectionIfEnabled(trx, jobs, contentId, actorUserId)) return;
    await imagesNowUnlessBlurComes(trx, jobs, contentId, actorUserId);
  };
}
