import { Kysely, type MigrationResultSet, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { DatabaseUnavailableError } from './unavailable.ts';

// bigint ids arrive as strings (their natural JSON form); counts are cast explicitly in SQL.
export type Db = Kysely<Database>;

export function createDatabase(connectionString: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  // Nor one that is checked out: pg emits 'error' on it besides failing its query, and the pool listens only while
  // the client is idle, so a connection lost under a request (or between its queries) was an uncaught exception.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // A connection that cannot be made (the server stopped, restarting, unreachable) is told apart from a bad query,
  // so a request answers 503 database_unavailable rather than a fault (http/error-handler.ts).
  const tagged = {
    connect: () =>
      pool.connect().catch((error: unknown) => {
        throw new DatabaseUnavailableError(error);
      }),
    end: () => pool.end(),
  };
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: tagged }) }), pool };
}

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}
