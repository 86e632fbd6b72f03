import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { createDatabase, type Db } from '../../src/db/database.ts';
import type { Mailer } from '../../src/platform/mail/mailer.ts';
import { createOutboxMailer } from '../../src/platform/mail/outbox-mailer.ts';
import type { SmsSender } from '../../src/platform/sms/sms-sender.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  databaseUrl: string;
  dir: string;
  /** Where the outbox mailer writes `.eml` files (unless a mailer was given). */
  mailDir: string;
  /** Builds a second app against the same database, as a restarted server would be. */
  rebuild(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** The real application on a fresh database, with disk storage and the outbox mailer in a temp directory. */
export async function buildTestApp(
  options: { mailer?: Mailer; publicUrl?: string; sms?: SmsSender } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-test-app-'));
  const opened: { db: Db; app: FastifyInstance }[] = [];
  const open = async () => {
    const { db } = createDatabase(database.url, 4);
    const app = await buildApp({
      db,
      store: createDiskBlobStore(path.join(dir, 'media')),
      mailer: options.mailer ?? createOutboxMailer(path.join(dir, 'mail'), () => undefined),
      sms: options.sms,
      publicUrl: options.publicUrl ?? 'http://console.test',
      accessTokenTtlHours: 24,
    });
    await app.ready();
    opened.push({ db, app });
    return { db, app };
  };
  const first = await open();
  return {
    app: first.app,
    db: first.db,
    databaseUrl: database.url,
    dir,
    mailDir: path.join(dir, 'mail'),
    rebuild: async () => (await open()).app,
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
