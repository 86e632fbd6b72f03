import { type Operation, processesLocking } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { processRepo } from './repo.ts';

/**
 * The server side of the lock rules (packages/domain/src/locks.ts): every operation on a vehicle is checked
 * against the processes running on it, and a refusal names the first process that holds the lock. Call it inside
 * the use case's transaction (pass the transaction as `db`) so a process started meanwhile is seen.
 */
export function contentLocks(db: Db) {
  const processes = processRepo(db);
  return {
    /** Refuses with `content_locked` (params.process) when a running process locks `operation` on any of them. */
    async assertUnlocked(contentIds: string | readonly string[], operation: Operation): Promise<void> {
      const ids = typeof contentIds === 'string' ? [contentIds] : contentIds;
      const running = await processes.runningOn(ids);
      for (const id of ids) {
        const blocking = processesLocking(operation, running.get(id) ?? []);
        const first = blocking[0];
        if (first !== undefined) {
          throw new AppError('content_locked', { params: { process: first, content_id: id, operation } });
        }
      }
    },
  };
}
