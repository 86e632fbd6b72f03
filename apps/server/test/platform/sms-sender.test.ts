import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpSmsSender, createOutboxSmsSender, createSmsSender, SmsError } from '../../src/platform/sms/index.ts';

interface Received {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

const API_KEY = 'sk_test_0123456789';

/**
 * A fake SMS provider on 127.0.0.1 speaking the protocol the HTTP backend expects: POST JSON `{ to, text }` with
 * a bearer key. It answers with the status the test chooses, and checks the key like a real provider would.
 */
async function startProvider(answer: (req: IncomingMessage) => number | 'hang' = () => 202) {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    text(req).then(
      (raw) => {
        received.push({
          method: req.method,
          url: req.url,
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          body: JSON.parse(raw) as unknown,
        });
        if (req.headers.authorization !== `Bearer ${API_KEY}`) {
          res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"bad key"}');
          return;
        }
        const status = answer(req);
        if (status === 'hang') return;
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'msg_1' }));
      },
      () => res.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: `http://127.0.0.1:${port}/v1/messages`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('HTTP SMS sender', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('posts the number and text as JSON with the bearer key', async () => {
    const provider = await startProvider();
    cleanups.push(provider.close);
    const sms = createHttpSmsSender({ url: provider.url, apiKey: API_KEY });
    await sms.send('+81 90-1234-5678', 'Your Spinyard code: 123456 ✓');
    expect(provider.received).toEqual([
      {
        method: 'POST',
        url: '/v1/messages',
        authorization: `Bearer ${API_KEY}`,
        contentType: 'application/json',
        body: { to: '+81 90-1234-5678', text: 'Your Spinyard code: 123456 ✓' },
      },
    ]);
  });

  it.each([200, 201, 204])('accepts %i as delivered', async (status) => {
    const provider = await startProvider(() => status);
    cleanups.push(provider.close);
    await expect(createHttpSmsSender({ url: provider.url, apiKey: API_KEY }).send('+1555', 'x')).resolves.toBe(
      undefined,
    );
  });

  it('fails without retry when the provider refuses the key (4xx)', async () => {
    const provider = await startProvider();
    cleanups.push(provider.close);
    const error = await createHttpSmsSender({ url: provider.url, apiKey: 'wrong' })
      .send('+1555', 'x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect(error).toMatchObject({ status: 401, retryable: false });
    // The key and the text stay out of the message, which ends up in logs.
    expect((error as Error).message).not.toContain('wrong');
  });

  it.each([
    [400, false],
    [422, false],
    [429, true],
    [500, true],
    [503, true],
  ])('maps status %i to a failure (retryable: %s)', async (status, retryable) => {
    const provider = await startProvider(() => status);
    cleanups.push(provider.close);
    await expect(createHttpSmsSender({ url: provider.url, apiKey: API_KEY }).send('+1555', 'x')).rejects.toMatchObject({
      name: 'SmsError',
      status,
      retryable,
    });
  });

  it('gives up after its timeout and says a retry may help', async () => {
    const provider = await startProvider(() => 'hang');
    cleanups.push(provider.close);
    const sms = createHttpSmsSender({ url: provider.url, apiKey: API_KEY, timeoutMs: 200 });
    await expect(sms.send('+1555', 'x')).rejects.toMatchObject({ name: 'SmsError', retryable: true });
  });

  it('fails with a retryable error when nothing listens', async () => {
    const provider = await startProvider();
    const url = provider.url;
    await provider.close();
    await expect(createHttpSmsSender({ url, apiKey: API_KEY }).send('+1555', 'x')).rejects.toMatchObject({
      retryable: true,
    });
  });

  it.each([
    ['http://sms.example.test/send', /https/],
    ['ftp://127.0.0.1/x', /https/],
    ['not a url', /valid URL/],
  ])('refuses the URL %j', (url, message) => {
    expect(() => createHttpSmsSender({ url, apiKey: API_KEY })).toThrow(message);
  });

  it('refuses a missing API key', () => {
    expect(() => createHttpSmsSender({ url: 'https://sms.example.test/send', apiKey: '' })).toThrow(/SMS_API_KEY/);
  });
});

describe('outbox SMS sender', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('appends one JSON line per message and logs without the text', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'spinyard-sms-'));
    const logged: [string, Record<string, unknown>][] = [];
    const sms = createOutboxSmsSender(path.join(dir, 'sms'), (msg, fields) => logged.push([msg, fields]));
    await sms.send('+81 90 1234 5678', 'code 111111');
    await sms.send('+1 555 0100', 'code 222222');
    const lines = (await readFile(path.join(dir, 'sms', 'outbox.jsonl'), 'utf8')).trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([
      { at: expect.any(String), to: '+81 90 1234 5678', text: 'code 111111' },
      { at: expect.any(String), to: '+1 555 0100', text: 'code 222222' },
    ]);
    expect(logged).toHaveLength(2);
    expect(logged[0]![1]).toMatchObject({ to: '****5678' });
    expect(JSON.stringify(logged)).not.toContain('111111');
  });

  it('keeps the outbox (sign-in codes) readable by its own user only, also one an older version left open', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'spinyard-sms-'));
    const open = path.join(dir, 'open');
    await mkdir(open, { mode: 0o755 });
    await writeFile(path.join(open, 'outbox.jsonl'), '', { mode: 0o644 });
    for (const folder of [open, path.join(dir, 'new', 'sms')]) {
      await createOutboxSmsSender(folder, () => undefined).send('+1555', 'code 123456');
      expect((await stat(folder)).mode & 0o777, folder).toBe(0o700);
      expect((await stat(path.join(folder, 'outbox.jsonl'))).mode & 0o777, folder).toBe(0o600);
    }
  });

  it('is what createSmsSender gives without SMS_URL, and the HTTP backend with it', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'spinyard-sms-'));
    await createSmsSender({ outboxDir: dir }, () => undefined).send('+1555', 'x');
    expect(await readFile(path.join(dir, 'outbox.jsonl'), 'utf8')).toContain('"to":"+1555"');

    const provider = await startProvider();
    try {
      await createSmsSender({ smsUrl: provider.url, smsApiKey: API_KEY, outboxDir: dir }, () => undefined).send(
        '+1666',
        'y',
      );
      expect(provider.received.map((r) => r.body)).toEqual([{ to: '+1666', text: 'y' }]);
    } finally {
      await provider.close();
    }
  });
});
