import { createDatabase, migrateToLatest } from '../apps/server/src/db/database.ts';
import { type EmbeddedPostgres, ensureDatabase } from '../apps/server/src/db/embedded-postgres.ts';

/** A database of the bench's cluster, made if missing and migrated to the latest schema: its URL. */
export async function migratedDatabase(cluster: EmbeddedPostgres, name: string): Promise<string> {
  await ensureDatabase(cluster.adminUrl, name);
  const url = cluster.urlFor(name);
  const migrated = createDatabase(url, 1);
  await migrateToLatest(migrated.db);
  await migrated.db.destroy();
  return url;
}
