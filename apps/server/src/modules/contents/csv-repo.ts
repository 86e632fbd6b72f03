import type { ContentCsvValues } from '@spinyard/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A vehicle the CSV changes: its new values, and whether its management ID changes (see applyRows). */
export interface CsvChange {
  id: string;
  values: ContentCsvValues;
  managementIdChanges: boolean;
}

/** SQL of the vehicle CSV edit (the contents area writes `contents`). */
export function contentCsvRepo(db: Db) {
  return {
    /** Which vehicles of these domains hold these management IDs (vehicles deleted for good hold none). */
    async managementIdHolders(
      domainIds: readonly string[],
      managementIds: readonly string[],
    ): Promise<{ id: string; domain_id: string; management_id: string }[]> {
      if (domainIds.length === 0 || managementIds.length === 0) return [];
      return db
        .selectFrom('contents')
        .select(['id', 'domain_id', 'management_id'])
        .where('domain_id', 'in', domainIds)
        .where('management_id', 'in', managementIds)
        .where('publication', '<>', 'permanently_deleted')
        .execute();
    },

    /**
     * Writes every change in the caller's transaction. The unique index on management IDs is checked row by row,
     * so two vehicles swapping their IDs would collide half-way: the vehicles whose ID changes first take a
     * placeholder no schema accepts (a control character and their own id), then every row gets its values.
     */
    async applyRows(changes: readonly CsvChange[]): Promise<void> {
      const moving = changes.filter((c) => c.managementIdChanges).map((c) => c.id);
      if (moving.length > 0) {
        await db
          .updateTable('contents')
          .set({ management_id: sql<string>`chr(1) || id::text` })
          .where('id', 'in', moving)
          .execute();
      }
      for (const change of changes) {
        await db
          .updateTable('contents')
          .set({ ...change.values, updated_at: sql`now()` })
          .where('id', '=', change.id)
          .execute();
      }
    },
  };
}
