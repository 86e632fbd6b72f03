import net from 'node:net';
import { errorAnswer } from '@spinyard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/database.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { useTempDir } from '../helpers/temp-dir.ts';

const IN_FLIGHT = 8;

/** The answers a raw connection received, split per response (each ends with its Content-Length body). */
function answers(raw: string): { status: number; body: string }[] {
  const out: { status: number; body: string }[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const head = rest.slice(0, headEnd);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    out.push({ status: Number(head.slice(9, 12)), body: rest.slice(headEnd + 4, headEnd + 4 + length) });
    rest = rest.slice(headEnd + 4 + length);
  }
  return out;
}

/**
 * A sign-in whose body waits for the server's `100 Continue`: once that came, the server has taken the request up
 * (Node sends it as it hands the request to Fastify), so the request is under way when the signal comes.
 */
function halfSentRequest(port: number) {
  const body = JSON.stringify({ grant_type: 'password', username: 'nobody@example.test', password: 'wrong-password' });
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('utf8');
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  const head =
    'POST /v1/auth/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    async begin() {
      await connected;
      socket.write(head);
      await expect.poll(() => received).toContain('HTTP/1.1 100 Continue\r\n\r\n');
    },
    /** The rest of the body, and a second request pipelined behind it (it arrives after the stop began). */
    finish() {
      socket.write(`${body}GET /v1/profile HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\n\r\n`);
    },
    async result() {
      await closed;
      return answers(received).filter((answer) => answer.status !== 100);
    },
  };
}

describe('a stop sent to the whole process group (npm and the shell forward it again)', () => {
  const tmp = useTempDir('spinyard-shutdown-');
  let database: { url: string; drop(): Promise<void> };
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await database?.drop();
  });

  it('drains every request under way, refuses later ones in the error shape, and exits cleanly', async () => {
    server = await startServerProcess({ command: 'serve', databaseUrl: database.url, dataDir: tmp.path });
    const requests = Array.from({ length: IN_FLIGHT }, () => halfSentRequest(server!.port));
    for (const request of requests) await request.begin();
    // The group's signal, then the same signal again as a wrapper (npm) forwards it, a moment after the first.
    server.signalGroup('SIGTERM');
    await server.printed('SIGTERM received: shutting down');
    server.child.kill('SIGTERM');
    await Promise.race([server.printed('SIGTERM again'), server.exited]);
    for (const request of requests) request.finish();

    for (const request of requests) {
      const [first, second] = await request.result();
      // The sign-in under way was answered by the service (unknown user), not dropped.
      expect(first?.status).toBe(400);
      expect(errorAnswer.parse(JSON.parse(first!.body)).error.code).toBe('login_failed');
      // The request that came after the stop began: refused, in the error shape.
      expect(second?.status).toBe(503);
      expect(errorAnswer.parse(JSON.parse(second!.body)).error.code).toBe('service_unavailable');
    }
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('exiting now');
    expect(server.output()).toContain('Stopped');
  });
});
