import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the fake card services (fake-stripe.ts, fake-payjp.ts) share: an HTTP server on a free port that reads
 * form-encoded bodies with nested keys (`metadata[plan]=x`, `items[0]=y`) as both services send them, and
 * Idempotency-Key replays as both document them: the same key with the same request answers the stored answer;
 * the same key with another request is refused.
 */

export type Form = { [key: string]: string | Form };

/** `a[b][c]=1&d=2` as `{ a: { b: { c: '1' } }, d: '2' }`. */
export function parseForm(body: string): Form {
  const form: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node = form;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      if (typeof next === 'object') {
        node = next;
      } else {
        const child: Form = {};
        node[part] = child;
        node = child;
      }
    }
    node[path.at(-1) ?? key] = value;
  }
  return form;
}

export interface FakeRequest {
  method: string;
  path: string;
  form: Form;
  headers: IncomingMessage['headers'];
}

export interface FakeAnswer {
  status: number;
  body: unknown;
}

export interface FakeService {
  url: string;
  port: number;
  close(): Promise<void>;
  /** Requests made under each idempotency key that reached the service's logic (replays do not). */
  executedUnderKey(key: string): number;
}

interface Stored {
  fingerprint: string;
  answer: FakeAnswer;
}

/**
 * Serves `handle` behind the shared parts: `authorize` refuses a caller without the key; a POST with an
 * Idempotency-Key runs once, its answer stored and replayed (`Idempotent-Replayed: true`), and a different request
 * under the key gets `conflict`'s answer.
 */
export async function startFakeService(options: {
  authorize(headers: IncomingMessage['headers']): FakeAnswer | null;
  /** The answer to another request under a used key; null replays the stored answer all the same. */
  conflict: FakeAnswer | null;
  handle(request: FakeRequest): FakeAnswer;
}): Promise<FakeService> {
  const stored = new Map<string, Stored>();
  const executed = new Map<string, number>();
  const answer = (res: ServerResponse, { status, body }: FakeAnswer, replayed = false) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw =
        req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString();
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        form: parseForm(raw),
        headers: req.headers,
      };
      const refused = options.authorize(req.headers);
      if (refused) return answer(res, refused);
      const key = req.headers['idempotency-key'];
      if (req.method !== 'POST' || typeof key !== 'string') return answer(res, options.handle(request));
      const fingerprint = createHash('sha256')
        .update(`${request.path}\n${JSON.stringify(request.form)}`)
        .digest('hex');
      const earlier = stored.get(key);
      if (earlier)
        return earlier.fingerprint === fingerprint || !options.conflict
          ? answer(res, earlier.answer, true)
          : answer(res, options.conflict);
      executed.set(key, (executed.get(key) ?? 0) + 1);
      const result = options.handle(request);
      stored.set(key, { fingerprint, answer: result });
      return answer(res, result);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    executedUnderKey: (key) => executed.get(key) ?? 0,
  };
}
