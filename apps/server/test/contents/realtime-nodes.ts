import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROCESS_SOCKET_PATH, type SocketServerMessage } from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../../src/app.ts';
import { createDatabase, type Db } from '../../src/db/database.ts';
import type { JobRunner } from '../../src/platform/jobs/queue-registry.ts';
import { createOutboxMailer } from '../../src/platform/mail/outbox-mailer.ts';
import { createNotifyHub, type NotifyHub } from '../../src/platform/realtime/notify-hub.ts';
import type { BlobStore } from '../../src/platform/storage/blob-store.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { createTestDatabase } from '../helpers/database.ts';

/** A server node: its own app, pool and LISTEN connection, on the shared test database, listening on a port. */
export interface Node {
  app: FastifyInstance;
  db: Db;
  hub: NotifyHub;
  url: string;
}

/**
 * Several server nodes on one database, as behind a load balancer: what the live-progress tests need (a change
 * made through one node must reach the sockets of another). Close it when the file is done.
 */
export async function openCluster(
  count: number,
  options: { jobs?: (db: Db, databaseUrl: string, store: BlobStore) => Promise<JobRunner> } = {},
) {
  const database = await createTestDatabase();
  const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-realtime-'));
  const nodes: Node[] = [];
  const runners: JobRunner[] = [];
  for (let i = 0; i < count; i++) {
    const { db } = createDatabase(database.url, 4);
    const hub = createNotifyHub(database.url, { reconnectMs: 50, maxReconnectMs: 200 });
    const store = createDiskBlobStore(path.join(dir, 'media'));
    const jobs = options.jobs ? await options.jobs(db, database.url, store) : undefined;
    if (jobs) runners.push(jobs);
    const app = await buildApp({
      db,
      store,
      mailer: createOutboxMailer(path.join(dir, 'mail'), () => undefined),
      accessTokenTtlHours: 24,
      realtime: hub,
      ...(jobs ? { jobs } : {}),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await hub.ready();
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    nodes.push({ app, db, hub, url: `ws://127.0.0.1:${port}${PROCESS_SOCKET_PATH}` });
  }
  return {
    nodes,
    runners,
    databaseUrl: database.url,
    /** The nodes' shared data folder (media under `media/`, as useTestApp's `dir`). */
    dir,
    async close() {
      for (const node of nodes) {
        await node.app.close();
        await node.hub.close();
      }
      for (const runner of runners) await runner.stop();
      for (const node of nodes) await node.db.destroy();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A browser's socket: what it received, and how it closed. */
export interface TestSocket<M = SocketServerMessage> {
  messages: M[];
  closed: Promise<{ code: number }>;
  /** Resolves with the first received message that matches (already received ones count). */
  next(match: (m: M) => boolean, timeoutMs?: number): Promise<M>;
  /** Sends a message (JSON unless it is a string already). */
  send(message: unknown): void;
  close(): void;
}

/** Opens a socket to `url` and sends `first` as its first message (the auth message, or anything to refuse). */
export async function openSocket<M = SocketServerMessage>(url: string, first: unknown): Promise<TestSocket<M>> {
  const ws = new WebSocket(url);
  const messages: M[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as M);
    for (const w of waiters) w();
  });
  const closed = new Promise<{ code: number }>((resolve) => ws.on('close', (code) => resolve({ code })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const send = (message: unknown) => ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  send(first);
  return {
    send,
    messages,
    closed,
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => ws.close(),
  };
}

/** A socket signed in with a content token, once the server said it is ready. */
export async function signedInSocket(url: string, contentToken: string): Promise<TestSocket> {
  const socket = await openSocket(url, { type: 'auth', token: contentToken });
  await socket.next((m) => m.type === 'ready');
  return socket;
}
