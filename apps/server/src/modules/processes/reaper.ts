import type { Db } from '../../db/database.ts';
import type { ContentProcessRow } from '../contents/repo.ts';
import { processRepo } from './repo.ts';
import { processService } from './service.ts';

/**
 * A process whose heartbeat is older than this has lost its worker (a transfer or copy takes seconds; a media
 * job reports progress, which is a heartbeat, far more often). Five minutes leaves room for a busy queue.
 */
export const PROCESS_STALE_AFTER_MS = 5 * 60_000;
/** Attempts a process gets in all (workers that began it, and retries after a worker died). */
export const PROCESS_MAX_ATTEMPTS = 3;
/** Processes reaped per run: a backlog is worked off over the next runs, one minute apart. */
const REAP_BATCH = 100;

/** Stored as `code: text` like a job's refusals, so the console shows it in the user's language by its code. */
export const WORKER_LOST = 'worker_lost: The worker running this process stopped responding.';

export interface ReapOptions {
  now?: Date;
  staleAfterMs?: number;
  /**
   * Hands a stale process to a new worker in the reaper's transaction; false when its kind cannot be retried
   * (a process whose jobs this build does not run). Absent: every stale process fails.
   */
  retry?: (trx: Db, row: ContentProcessRow) => Promise<boolean>;
}

/**
 * The reaper: queued or running processes whose worker died are retried while they have attempts left, else
 * failed with WORKER_LOST, which releases their locks, so none stays locked for ever. Rows held by a live worker
 * (locked) are skipped, so two reapers on two nodes never handle the same process.
 */
export async function reapStaleProcesses(
  db: Db,
  options: ReapOptions = {},
): Promise<{ retried: string[]; failed: string[] }> {
  const now = options.now ?? new Date();
  const staleBefore = new Date(now.getTime() - (options.staleAfterMs ?? PROCESS_STALE_AFTER_MS));
  return db.transaction().execute(async (trx) => {
    const retried: string[] = [];
    const failed: string[] = [];
    const processes = processService(trx);
    for (const row of await processRepo(trx).lockStale(staleBefore, REAP_BATCH)) {
      if (row.attempts < PROCESS_MAX_ATTEMPTS && options.retry !== undefined) {
        // One no worker ever took spends an attempt too, so a process nobody takes is not retried for ever.
        await processes.requeue(row.id, WORKER_LOST, { spent: row.status === 'queued' });
        if (await options.retry!(trx, row)) {
          retried.push(row.id);
          continue;
        }
      }
      await processes.fail(row.id, WORKER_LOST);
      failed.push(row.id);
    }
    return { retried, failed };
  });
}
