import type { Db } from '../../db/database.ts';
import type { ProcessStatus } from '../../db/schema.ts';
import type { ContentProcessRow } from '../contents/repo.ts';
import { toProcessAnswer } from './answer.ts';
import { processHistoryRepo } from './history-repo.ts';
import { type ContentAudience, type NewProcess, type ProcessRepo, processRepo } from './repo.ts';

/** An error text is kept short: it is shown in a list cell and travels in a NOTIFY (8000 bytes at most). */
const ERROR_MAX = 500;

/**
 * The life of a background process row on a vehicle: queued, running with progress, then succeeded or failed,
 * which releases the locks it held (packages/domain/src/locks.ts). Every change beats the process's heart and
 * NOTIFYs `spinyard_processes` in the transaction that makes it, so the sockets of every node hear it once it is
 * committed and never hear a change that was rolled back. Every area that runs processes on vehicles reports
 * through here (e.g. `progress(processId, 40)` from a media job).
 */
export function processService(db: Db) {
  /** In the caller's transaction when it has one, else in one of its own (the change and its NOTIFY together). */
  const inTransaction = <T>(work: (trx: Db) => Promise<T>): Promise<T> =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  const repo = processRepo(db);

  async function announce(trx: Db, row: ContentProcessRow): Promise<void> {
    const process = toProcessAnswer(row);
    if (!process) return;
    const repo = processRepo(trx);
    const audiences: ContentAudience[] = [];
    const current = await repo.audienceOf(row.content_id);
    if (current) audiences.push(current);
    // A transfer's former owner (and their admin) keep seeing the process until it ends.
    const formerOwner = (row.payload as { from_user_id?: unknown } | null)?.from_user_id;
    if (typeof formerOwner === 'string' && formerOwner !== current?.owner_id) {
      const former = await repo.audienceOfUser(formerOwner);
      if (former) audiences.push(former);
    }
    if (audiences.length === 0) return;
    await repo.notify({ content_id: row.content_id, audiences, process });
  }

  async function change(
    id: string,
    values: Parameters<ReturnType<typeof processRepo>['change']>[1],
  ): Promise<ContentProcessRow | undefined> {
    return inTransaction(async (trx) => {
      const row = await processRepo(trx).change(id, values);
      if (row) await announce(trx, row);
      return row;
    });
  }

  const errorText = (error: unknown): string =>
    (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);

  return {
    /** New processes, queued: from now on they hold their locks. */
    async start(values: readonly NewProcess[]): Promise<ContentProcessRow[]> {
      return inTransaction(async (trx) => {
        const rows = await processRepo(trx).insert(values);
        for (const row of rows) await announce(trx, row);
        return rows;
      });
    },

    /** A worker takes the process up: running, one more attempt. */
    begin: (id: string) => change(id, { status: 'running', attemptStarted: true }),

    /**
     * Progress from 0 to 100 (clamped, whole numbers), which is also a heartbeat; of an open process only, so a
     * worker's late progress never brings back a process that ended meanwhile (failed by the reaper).
     */
    progress: (id: string, value: number) =>
      change(id, { status: 'running', progress: Math.max(0, Math.min(100, Math.round(value))), whileOpen: true }),

    /** A sign of life without news (a long step): keeps the reaper away, tells nobody; of an open process only. */
    async heartbeat(id: string): Promise<void> {
      await processRepo(db).change(id, { whileOpen: true });
    },

    /** Done: progress 100, the locks released. */
    succeed: (id: string) => change(id, { status: 'succeeded', progress: 100, error: null, finished: true }),

    /** Given up: the error kept for the dealer, the locks released. */
    fail: (id: string, error: unknown) => change(id, { status: 'failed', error: errorText(error), finished: true }),

    /**
     * Back in the queue for another attempt (the locks stay held), with why the last one stopped. `spent`: the
     * attempt counts though no worker began it again (the reaper's retry of a worker that died), so a process
     * that keeps killing its workers runs out of attempts.
     */
    requeue: (id: string, error: unknown, options: { spent?: boolean } = {}) =>
      change(id, { status: 'queued', error: errorText(error), attemptStarted: options.spent ?? false }),

    /** The processes still queued or running on these vehicles, by vehicle (the lock rules read them). */
    runningOn: (contentIds: readonly string[]) => repo.runningOn(contentIds),
    /** The queued and running processes of the vehicles a scope sees, newest first (the list's live column). */
    runningVisible: (...args: Parameters<ProcessRepo['runningVisible']>) => repo.runningVisible(...args),
    find: (id: string) => repo.find(id),
    /** A vehicle's latest runs of any status, newest first. */
    recent: (contentId: string, limit: number) => processHistoryRepo(db).recent(contentId, limit),
    /** The row, locked until the transaction ends: a second worker on the same process waits, then sees it done. */
    lock: (id: string) => repo.lock(id),
    /** Adds what a process produced to its payload (a copy's new vehicle), kept for support questions. */
    addToPayload: (id: string, values: Record<string, unknown>) => repo.addToPayload(id, values),
    /** pg-boss's connection over this service's connection, so a job is enqueued in the caller's transaction. */
    bossDb: () => repo.bossDb(),

    /** Whether the process still has work to do (a finished one is never run again). */
    isOpen(status: ProcessStatus): boolean {
      return status === 'queued' || status === 'running';
    },
  };
}
export type ProcessService = ReturnType<typeof processService>;
