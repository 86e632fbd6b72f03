import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorAnswer } from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { createOutboxMailer } from '../../src/platform/mail/outbox-mailer.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { factory, type SignedInUser } from '../helpers/factory.ts';
import { bearer } from '../helpers/http.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

describe('the database lost under a running app', () => {
  let database: { url: string; drop(): Promise<void> };
  let proxy: TcpProxy;
  let direct: Db;
  let db: Db;
  let app: FastifyInstance;
  let dir: string;
  let master: SignedInUser;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
    url.port = String(proxy.port);
    direct = createDatabase(database.url, 1).db;
    db = createDatabase(url.toString(), 4).db;
    dir = await mkdtemp(path.join(tmpdir(), 'spinyard-db-lost-'));
    app = await buildApp({
      db,
      store: createDiskBlobStore(path.join(dir, 'media')),
      mailer: createOutboxMailer(path.join(dir, 'mail'), () => undefined),
      accessTokenTtlHours: 24,
    });
    master = await factory(direct).master();
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    await direct?.destroy();
    await proxy?.close();
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const profile = () => app.inject({ method: 'GET', url: '/v1/profile', headers: bearer(master.token) });
  const ready = () => app.inject({ method: 'GET', url: '/readyz' });

  it('answers 503 database_unavailable in the error shape, fails readiness, and serves again once it is back', async () => {
    expect((await profile()).statusCode).toBe(200);
    expect((await ready()).statusCode).toBe(200);

    await proxy.cut();
    const lost = await profile();
    expect(lost.statusCode, lost.body).toBe(503);
    expect(errorAnswer.parse(lost.json()).error.code).toBe('database_unavailable');
    expect(lost.headers['retry-after']).toBeDefined();
    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(errorAnswer.parse(notReady.json()).error.code).toBe('database_unavailable');
    // Liveness stays: the process answers, only its database is away (docs/decisions.md).
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await proxy.restore();
    expect((await ready()).statusCode).toBe(200);
    // The session written before the loss is still there.
    expect((await profile()).statusCode).toBe(200);
  });
});
