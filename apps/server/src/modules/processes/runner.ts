import type { RunningProcess } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { whileWanted } from '../../platform/jobs/job-signal.ts';
import { defineJob, type JobDefinition, type JobResult, type JobRunner } from '../../platform/jobs/queue-registry.ts';
import type { ContentProcessRow } from '../contents/repo.ts';
import { type NewProcess, processRepo } from './repo.ts';
import { processService } from './service.ts';

/**
 * Background processes of the media areas (multiple, blur, interior_enhance, whiteblance, ...) as pg-boss jobs,
 * the same way for every area: the request records a queued process (which holds its locks from then on) and
 * enqueues its job in one transaction; the job reloads the row, runs the area's work with progress, and succeeds
 * or fails the row, which releases the locks. A job delivered twice runs once (a finished row is skipped); a worker
 * that dies is retried by pg-boss, or by the reaper through the `processJobs` an area declares (modules/jobs.ts).
 *
 * The work must be idempotent: a retry starts it again from the beginning (content-addressed blobs make writing the
 * same image twice harmless), and it should write its rows in one transaction at the end.
 */

/** A job carries its process's id; `attempt` tells a retry from the first run (pg-boss keeps one job per key). */
export interface ProcessJobPayload {
  processId: string;
  attempt: number;
}

/** How many times pg-boss retries a process job (the reaper's attempts count separately, PROCESS_MAX_ATTEMPTS). */
export const PROCESS_JOB_RETRIES = 2;

/** One job per process and attempt (pg-boss keeps one job per singleton key). */
export function defineProcessJob(name: string, options: { expireInSeconds: number }): JobDefinition<ProcessJobPayload> {
  return defineJob<ProcessJobPayload>(name, {
    retryLimit: PROCESS_JOB_RETRIES,
    expireInSeconds: options.expireInSeconds,
    singletonKey: (p) => `${p.processId}:${p.attempt}`,
  });
}

/** A refusal by the work's own rules (the file is no video, the frames are gone): final, no retry helps. */
export class ProcessRefused extends Error {
  override name = 'ProcessRefused';
  /** A catalogue code (e.g. `video_invalid_file`), stored as `code: text` so the console translates it. */
  readonly code: string;
  readonly params: Record<string, unknown> | undefined;
  constructor(code: string, message: string, params?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.params = params;
  }
}

export interface ProcessWork {
  processId: string;
  contentId: string;
  /** What the request stored with the process (ids of uploads, the settings to apply...). */
  payload: Record<string, unknown>;
  actorUserId: string | null;
  /**
   * Fires when the work is no longer wanted: its process ended or taken up by someone else, or its job no longer
   * active in pg-boss. The media programs the work starts are killed then (platform/jobs/job-signal.ts); long work
   * between them may stop early by it.
   */
  signal: AbortSignal;
  /** 0 to 100; also a heartbeat. Call it at least every minute or so in long work. */
  progress(value: number): Promise<void>;
  heartbeat(): Promise<void>;
}

const stored = (error: unknown): string =>
  error instanceof ProcessRefused || error instanceof AppError
    ? `${error.code}: ${error.message}`
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * Runs one process job. `lastAttempt`: a failure is final (the process fails, its locks go); otherwise a failure
 * puts it back in the queue with its error and is thrown for pg-boss to retry. Refusals are always final.
 */
export async function runProcessJob(
  db: Db,
  process: RunningProcess,
  processId: string,
  work: (run: ProcessWork) => Promise<void>,
  options: { lastAttempt: boolean },
): Promise<JobResult> {
  const processes = processService(db);
  const found = await processRepo(db).find(processId);
  if (!found || found.process !== process || !processes.isOpen(found.status)) return 'skipped';
  const begun = await processes.begin(processId);
  // Still this attempt's: not ended, put back in the queue or begun again by someone else (the reaper, a retry).
  const stillOurs = async () => {
    const now = await processRepo(db).find(processId);
    return now?.status === 'running' && now.attempts === begun?.attempts;
  };
  return whileWanted(stillOurs, (signal) => runBegun(processes, found, signal, work, options));
}

async function runBegun(
  processes: ReturnType<typeof processService>,
  found: ContentProcessRow,
  signal: AbortSignal,
  work: (run: ProcessWork) => Promise<void>,
  options: { lastAttempt: boolean },
): Promise<JobResult> {
  const processId = found.id;
  let last = -1;
  const run: ProcessWork = {
    signal,
    processId,
    contentId: found.content_id,
    payload: (found.payload ?? {}) as Record<string, unknown>,
    actorUserId: found.actor_user_id,
    async progress(value) {
      const rounded = Math.round(value);
      // Every whole percent at most: a NOTIFY per frame would flood the sockets for nothing.
      if (rounded === last) return processes.heartbeat(processId);
      last = rounded;
      await processes.progress(processId, Math.min(99, rounded));
    },
    heartbeat: () => processes.heartbeat(processId),
  };
  try {
    await work(run);
    // Whoever ended or took the process meanwhile owns its row now.
    if (signal.aborted) return 'skipped';
    await processes.succeed(processId);
    return 'success';
  } catch (error) {
    if (signal.aborted) return 'skipped';
    const final = options.lastAttempt || error instanceof ProcessRefused || error instanceof AppError;
    if (final) {
      await processes.fail(processId, stored(error));
      return 'success';
    }
    await processes.requeue(processId, error);
    throw error;
  }
}

/**
 * Records a queued process and enqueues its job in the caller's transaction (`trx`), so the process exists exactly
 * when its job does. Without a runner (tests, `serve` without workers in a test app) nothing is enqueued: the
 * caller runs the job itself once the transaction is committed (`runProcessJob` with `lastAttempt: true`).
 */
export async function startProcessJob(
  trx: Db,
  jobs: Pick<JobRunner, 'enqueue'> | undefined,
  definition: JobDefinition<ProcessJobPayload>,
  values: NewProcess,
): Promise<ContentProcessRow> {
  const [row] = await processService(trx).start([values]);
  if (!row) throw new Error('The process was not recorded.');
  if (jobs) await jobs.enqueue(definition, { processId: row.id, attempt: 0 }, { db: processRepo(trx).bossDb() });
  return row;
}

/** The job an area runs for a process, for the reaper's retry (JobsContext.processJobFor). */
export type ProcessJobs = Partial<Record<RunningProcess, JobDefinition<ProcessJobPayload>>>;
