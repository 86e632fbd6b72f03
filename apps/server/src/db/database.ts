import { createHash } from 'node:crypto';
import { type Expression, Kysely, type MigrationResultSet, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { DatabaseUnavailableError } from './unavailable.ts';

// bigint ids arrive as strings (their natural JSON form); counts are cast explicitly in SQL.
export type Db = Kysely<Database>;

/**
 * Marks a query to run as a named prepared statement (`.modifyEnd(PREPARED)`): PostgreSQL parses and plans it once
 * per connection instead of at every call. For the few queries asked at every buyer's request (the viewer's row:
 * 0.50 ms of PostgreSQL's CPU a call unprepared, 0.10 ms prepared, docs/operations.md); each connection keeps one
 * statement per marked query's text, so mark only queries whose text has few forms (no lists of varying length).
 */
const PREPARED_MARK = '/* prepared */';
export const PREPARED: Expression<unknown> = sql.raw(PREPARED_MARK);

/** A client whose marked queries are sent as named statements, named by their text. */
function preparing(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text !== 'string' || !text.endsWith(PREPARED_MARK)) return query(...args);
    const name = `q_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    return query({ name, text, values });
  };
}

export function createDatabase(connectionString: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  // Nor one that is checked out: pg emits 'error' on it besides failing its query, and the pool listens only while
  // the client is idle, so a connection lost under a request (or between its queries) was an uncaught exception.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    preparing(client);
  });
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
