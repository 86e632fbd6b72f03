import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, type TestContext } from 'vitest';
import { type AppDeps, buildApp } from '../../src/app.ts';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { createOutboxMailer } from '../../src/platform/mail/outbox-mailer.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { createTestDatabase } from './database.ts';
import { type Factory, factory } from './factory.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** Builders for users, tenants, groups, sessions and vehicles on this app's database. */
  make: Factory;
  databaseUrl: string;
  dir: string;
  /** Where the outbox mailer writes `.eml` files (unless a mailer was given). */
  mailDir: string;
  /** Builds a second app against the same database, as a restarted server would be. */
  rebuild(): Promise<FastifyInstance>;
}

type Opened = TestApp & { close(): Promise<void> };

/** Anything the real application takes, but its database: the helper gives each app a fresh one. */
export type TestAppOptions = Partial<Omit<AppDeps, 'db'>>;

/** The real application on a fresh database, with disk storage and the outbox mailer in a temp directory. */
async function open(options: TestAppOptions = {}): Promise<Opened> {
  const database = await createTestDatabase();
  const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-test-app-'));
  const opened: { db: Db; app: FastifyInstance }[] = [];
  const start = async () => {
    const { db } = createDatabase(database.url, 4);
    const app = await buildApp({
      store: createDiskBlobStore(path.join(dir, 'media')),
      mailer: createOutboxMailer(path.join(dir, 'mail'), () => undefined),
      publicUrl: 'http://console.test',
      uploadDir: path.join(dir, 'uploads'),
      // The uploads' locks in PostgreSQL, as `serve` has them (a session of their own, opened on the first upload).
      databaseUrl: database.url,
      accessTokenTtlHours: 24,
      ...options,
      db,
    });
    await app.ready();
    opened.push({ db, app });
    return { db, app };
  };
  const first = await start();
  return {
    app: first.app,
    db: first.db,
    make: factory(first.db),
    databaseUrl: database.url,
    dir,
    mailDir: path.join(dir, 'mail'),
    rebuild: async () => (await start()).app,
    async close() {
      for (const { app, db } of opened) {
        await app.close();
        await db.destroy();
      }
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One app for the whole test file (its own database), built before the first test and closed after the last.
 * Call it at the top of the file; the fields are there once the tests run.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let built: Opened | undefined;
  beforeAll(async () => {
    built = await open(options);
  });
  afterAll(async () => {
    await built?.close();
  });
  const need = () => {
    if (!built) throw new Error('useTestApp: the app is built in beforeAll; use it inside a test or hook');
    return built;
  };
  return {
    get app() {
      return need().app;
    },
    get db() {
      return need().db;
    },
    get make() {
      return need().make;
    },
    get databaseUrl() {
      return need().databaseUrl;
    },
    get dir() {
      return need().dir;
    },
    get mailDir() {
      return need().mailDir;
    },
    rebuild: () => need().rebuild(),
  };
}

/**
 * An app of its own for one test (fastify/demo's `build(t)`): closed, with its database dropped, when the test
 * finishes, pass or fail.
 */
export async function build(context: TestContext, options: TestAppOptions = {}): Promise<TestApp> {
  const built = await open(options);
  context.onTestFinished(() => built.close());
  return built;
}
