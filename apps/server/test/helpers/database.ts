import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** Runs `work` on a connection of its own, closed after whatever happens. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // A server the test stops or kills may drop the connection: an answer to the query, not a crash of the run.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The rows of one statement, on a connection of its own (a cluster a test starts and stops itself). */
export const queryOnce = (url: string, text: string): Promise<unknown[]> =>
  withClient(url, async (client) => (await client.query(text)).rows);

/** A fresh, migrated database cloned from the suite's template; drop it when the file is done. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await queryOnce(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await queryOnce(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
