import { isRunningProcess, type RunningProcess } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';

/** SQL of `content_processes`, the background processes running on vehicles. */
export function processRepo(db: Db) {
  return {
    /** The processes still queued or running on these vehicles, by vehicle. */
    async runningOn(contentIds: readonly string[]): Promise<Map<string, RunningProcess[]>> {
      const out = new Map<string, RunningProcess[]>();
      if (contentIds.length === 0) return out;
      const rows = await db
        .selectFrom('content_processes')
        .select(['content_id', 'process'])
        .where('content_id', 'in', contentIds)
        .where('status', 'in', ['queued', 'running'])
        .orderBy('started_at')
        .execute();
      for (const row of rows) {
        if (!isRunningProcess(row.process)) continue;
        const list = out.get(row.content_id) ?? [];
        list.push(row.process);
        out.set(row.content_id, list);
      }
      return out;
    },
  };
}
export type ProcessRepo = ReturnType<typeof processRepo>;
