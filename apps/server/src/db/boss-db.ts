import { CompiledQuery } from 'kysely';
import type { Db } from './database.ts';

/** pg-boss's connection interface over a Kysely connection, so a job is enqueued inside the caller's transaction. */
export function bossDbOf(db: Db) {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}
