import type { Db } from '../../db/database.ts';
import { defineJob, type JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import { PROCESS_STALE_AFTER_MS, reapStaleProcesses } from '../processes/reaper.ts';
import type { ProcessJobPayload } from '../processes/runner.ts';
import { processService } from '../processes/service.ts';
import { purgeDeletedVehiclesMedia } from '../vehicle-media/purge.ts';
import { sweepOrphanBlobs } from '../vehicle-media/sweep.ts';
import type { ContentProcessRow } from './repo.ts';
import { runWholeContentJob, type WholeContentJob, type WorkHooks } from './transfer-work.ts';

const RETRY_LIMIT = 2;
const processJob = (name: string) =>
  defineJob<ProcessJobPayload>(name, {
    retryLimit: RETRY_LIMIT,
    // A transfer or copy is one short transaction; an attempt still running after this lost its worker.
    expireInSeconds: 5 * 60,
    singletonKey: (p) => `${p.processId}:${p.attempt}`,
  });

export const transferJob = processJob('contents.transfer');
export const copyJob = processJob('contents.copy');

/** Every minute, on one node at a time (pg-boss's schedule): processes whose worker died. */
export const reapJob = defineJob<Record<string, never>>('contents.reap-processes', {
  retryLimit: 0,
  expireInSeconds: 120,
  schedule: { cron: '* * * * *', tz: 'UTC', payload: {} },
});

/** Every night, on one node: the media of vehicles deleted for good (modules/vehicle-media/purge.ts). */
export const purgeDeletedMediaJob = defineJob<Record<string, never>>('contents.purge-deleted-media', {
  retryLimit: 1,
  expireInSeconds: 30 * 60,
  schedule: { cron: '40 3 * * *', tz: 'UTC', payload: {} },
});

/**
 * A run of the orphan sweep (modules/vehicle-media/sweep.ts): the schedule starts one from the first vehicle each night, and
 * each job hands the vehicles after its batch on to the next (`after`), so a retried job sweeps its own batch again.
 */
export interface SweepOrphansPayload {
  /** The id of the night's first job, so two nights' chains never share a job id. */
  run?: string;
  after?: string;
}

/** Every night at 04:00 in Japan, when the dealers are not editing, after the backups' retention job (03:30). */
export const sweepOrphanMediaJob = defineJob<SweepOrphansPayload>('contents.sweep-orphan-media', {
  retryLimit: 2,
  expireInSeconds: 30 * 60,
  singletonKey: (p) => `${p.run ?? ''}:${p.after ?? ''}`,
  schedule: { cron: '0 4 * * *', tz: 'Asia/Tokyo', payload: {} },
});

export const WHOLE_CONTENT_JOBS = { transfer: transferJob, copy: copyJob } as const;

export interface ContentsJobOptions {
  hooks?: WorkHooks;
  staleAfterMs?: number;
  /** Vehicles per job of the orphan sweep (tests make it small to see the chain). */
  sweepBatch?: number;
}

function wholeContentHandler(
  ctx: JobsContext,
  job: WholeContentJob,
  options: ContentsJobOptions,
): JobHandler<ProcessJobPayload> {
  return (payload, context) =>
    runWholeContentJob(ctx.db, job, payload.processId, {
      store: ctx.store,
      lastAttempt: context.retryCount >= RETRY_LIMIT,
      hooks: options.hooks,
    });
}

/** The reaper's retry: the process's job again (any area's), enqueued in the reaper's transaction. */
function retryWith(ctx: JobsContext) {
  const { enqueue } = ctx;
  if (!enqueue) return undefined;
  return async (trx: Db, row: ContentProcessRow): Promise<boolean> => {
    const definition = Object.hasOwn(WHOLE_CONTENT_JOBS, row.process)
      ? WHOLE_CONTENT_JOBS[row.process as WholeContentJob]
      : ctx.processJobFor?.(row.process);
    if (!definition) return false;
    const payload = { processId: row.id, attempt: row.attempts + 1 };
    await enqueue(definition, payload, { db: processService(trx).bossDb() });
    return true;
  };
}

function sweepOrphans(ctx: JobsContext, options: ContentsJobOptions): JobHandler<SweepOrphansPayload> {
  return async (payload, job) => {
    const run = payload.run ?? job.id;
    const limit = options.sweepBatch === undefined ? {} : { limit: options.sweepBatch };
    const swept = await sweepOrphanBlobs(ctx.db, ctx.store, payload.after ?? null, limit);
    // Enqueued last: a failure before it retries this batch, which the sweep's idempotence makes harmless.
    if (swept.next !== null && ctx.enqueue) await ctx.enqueue(sweepOrphanMediaJob, { run, after: swept.next });
    if (swept.deleted.length === 0 && swept.busy.length === 0) return 'skipped';
    ctx.log('Orphan media swept', { run, after: payload.after ?? null, ...swept, deleted: swept.deleted.length });
    return 'success';
  };
}

/**
 * The contents area's jobs: transfer, copy, the reaper of processes whose worker died, and the nightly purge of
 * deleted vehicles' media and sweep of orphan blobs.
 */
export function contentsJobs(ctx: JobsContext, options: ContentsJobOptions = {}): ModuleJobs {
  const retry = retryWith(ctx);
  const reap: JobHandler<Record<string, never>> = async () => {
    const { retried, failed } = await reapStaleProcesses(ctx.db, {
      staleAfterMs: options.staleAfterMs ?? PROCESS_STALE_AFTER_MS,
      ...(retry ? { retry } : {}),
    });
    if (retried.length + failed.length === 0) return 'skipped';
    ctx.log('Stale processes reaped', { retried, failed });
    return 'success';
  };
  return {
    definitions: [transferJob, copyJob, reapJob, purgeDeletedMediaJob, sweepOrphanMediaJob],
    handlers: {
      [transferJob.name]: wholeContentHandler(ctx, 'transfer', options),
      [copyJob.name]: wholeContentHandler(ctx, 'copy', options),
      [reapJob.name]: reap,
      [purgeDeletedMediaJob.name]: async () => {
        const { vehicles, files } = await purgeDeletedVehiclesMedia(ctx.db, ctx.store);
        if (vehicles.length === 0) return 'skipped';
        ctx.log('Media of deleted vehicles purged', { vehicles, files });
        return 'success';
      },
      [sweepOrphanMediaJob.name]: sweepOrphans(ctx, options),
    },
  };
}
