import type { Db } from '../../db/database.ts';
import type { ContentProcessRow } from '../contents/repo.ts';

/** Reads of a vehicle's past runs (the runner's repository, repo.ts, writes them). */
export function processHistoryRepo(db: Db) {
  return {
    /** A vehicle's latest runs of any status, newest first. */
    async recent(contentId: string, limit: number): Promise<ContentProcessRow[]> {
      return db
        .selectFrom('content_processes')
        .selectAll()
        .where('content_id', '=', contentId)
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
