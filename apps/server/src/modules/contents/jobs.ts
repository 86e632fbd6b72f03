import type { Db } from '../../db/database.ts';
import { defineJob, type JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import { purgeDeletedVehiclesMedia } from '../media-purge.ts';
import { PROCESS_STALE_AFTER_MS, reapStaleProcesses } from './process-reaper.ts';
import { processRepo } from './process-repo.ts';
import type { ContentProcessRow } from './repo.ts';
import { runWholeContentJob, type WholeContentJob, type WorkHooks } from './transfer-work.ts';

/** A job carries its process's id; `attempt` tells a retry from the first run (pg-boss keeps one job per key). */
export interface ProcessJobPayload {
  processId: string;
  attempt: number;
}

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

/** Every night, on one node: the media of vehicles deleted for good (modules/media-purge.ts). */
export const purgeDeletedMediaJob = defineJob<Record<string, never>>('contents.purge-deleted-media', {
  retryLimit: 1,
  expireInSeconds: 30 * 60,
  schedule: { cron: '40 3 * * *', tz: 'UTC', payload: {} },
});

export const WHOLE_CONTENT_JOBS = { transfer: transferJob, copy: copyJob } as const;

export interface ContentsJobOptions {
  hooks?: WorkHooks;
  staleAfterMs?: number;
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
    await enqueue(definition, payload, { db: processRepo(trx).bossDb() });
    return true;
  };
}

/** The contents area's jobs: transfer, copy and the reaper of processes whose worker died. */
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
    definitions: [transferJob, copyJob, reapJob, purgeDeletedMediaJob],
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
    },
  };
}
