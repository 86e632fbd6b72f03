import type { Config } from './config.ts';
import { createDatabase, type Db, migrateToLatest } from './db/database.ts';
import { type EmbeddedPostgres, ensureDatabase, startEmbeddedPostgres } from './db/embedded-postgres.ts';

export type Log = (message: string, fields?: Record<string, unknown>) => void;

export const consoleLog: Log = (message, fields) => {
  const extra = fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
  process.stdout.write(`${new Date().toISOString()} ${message}${extra}\n`);
};

export interface DatabaseRuntime {
  db: Db;
  url: string;
  close(): Promise<void>;
}

/**
 * Opens the configured database, or starts the embedded one under the data directory when DATABASE_URL is
 * unset, and applies every pending migration.
 */
export async function openDatabase(config: Config, log: Log): Promise<DatabaseRuntime> {
  let embedded: EmbeddedPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.postgresDir,
      preferredPort: config.embeddedPgPort,
      log: (m) => log(m),
    });
    await ensureDatabase(embedded.adminUrl, 'spinyard');
    url = embedded.urlFor('spinyard');
  }
  const { db } = createDatabase(url);
  try {
    const result = await migrateToLatest(db);
    const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
    if (applied.length > 0) log('Applied migrations', { applied });
  } catch (error) {
    await db.destroy();
    await embedded?.stop();
    throw error;
  }
  return {
    db,
    url,
    async close() {
      await db.destroy();
      await embedded?.stop();
    },
  };
}
