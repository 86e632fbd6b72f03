import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrateToLatest } from '../src/db/database.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

export const TEMPLATE_DATABASE = 'spinyard_template';

/**
 * One real PostgreSQL for the whole server suite, with a template database that has every migration
 * applied; each test file clones it (immich's "medium" tests).
 */
export default async function setup(project: TestProject) {
  const root = await mkdtemp(path.join(tmpdir(), 'spinyard-test-pg-'));
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(root, 'postgres'),
    preferredPort: 0,
    log: () => undefined,
    // A throwaway cluster: durability across a crash buys nothing, and every commit would wait for the disk.
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  const admin = createDatabase(pg.adminUrl, 1);
  const { sql } = await import('kysely');
  await sql.raw(`CREATE DATABASE ${TEMPLATE_DATABASE}`).execute(admin.db);
  await admin.db.destroy();
  const template = createDatabase(pg.urlFor(TEMPLATE_DATABASE), 1);
  await migrateToLatest(template.db);
  await template.db.destroy();

  project.provide('pgAdminUrl', pg.adminUrl);
  project.provide('pgTemplate', TEMPLATE_DATABASE);
  return async () => {
    await pg.stop();
    await rm(root, { recursive: true, force: true });
  };
}
