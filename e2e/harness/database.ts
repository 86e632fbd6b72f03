import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';

/**
 * One PostgreSQL for a browser-test run, and a database per server cloned from a made one. A server of its own
 * cluster (copy 50 MB of data folder, start PostgreSQL, stop it with a checkpoint) cost 6.4 s of CPU a file; a
 * database cloned in the run's cluster costs 2.5 s with the server's own boot (measured on this 2-core machine).
 * The server reaches it by DATABASE_URL, as a deployment with a PostgreSQL of its own does; the embedded
 * cluster, `npm start`'s default, keeps its own browser test (restart.test.ts) and the server suite's.
 */

/** The run's cluster and the database every server's own is cloned from (made and migrated, master included). */
export interface DatabaseTemplate {
  adminUrl: string;
  name: string;
}

export const TEMPLATE_DATABASE = 'e2e_template';

/** The run's cluster under `dir`, built for speed: a throwaway has nothing to keep across a crash. */
export function startRunCluster(dir: string): Promise<EmbeddedPostgres> {
  return startEmbeddedPostgres({
    dataDir: path.join(dir, 'postgres'),
    preferredPort: 0,
    log: () => undefined,
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
}

async function admin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createEmptyDatabase(adminUrl: string, name: string): Promise<string> {
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  return databaseUrl(adminUrl, name);
}

/** A database of the server's own, cloned from the template; `drop` once its server has stopped. */
export async function cloneDatabase(template: DatabaseTemplate): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  await admin(template.adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  return {
    url: databaseUrl(template.adminUrl, name),
    drop: () => admin(template.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
