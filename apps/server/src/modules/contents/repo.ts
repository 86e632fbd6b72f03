import type { Db } from '../../db/database.ts';

/**
 * SQL of the contents area: vehicles (`contents`) and their background processes (`content_processes`). The
 * area's screens come with the vehicles issue; today only a deleted domain's vehicles go.
 */
export function contentsRepo(db: Db) {
  return {
    /** Processes cascade with their vehicle. */
    async deleteOfDomain(domainId: string): Promise<void> {
      await db.deleteFrom('contents').where('domain_id', '=', domainId).execute();
    },
  };
}
