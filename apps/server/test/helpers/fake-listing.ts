import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPartner, type Partner } from '../../src/platform/listing/partner.ts';
import { ListingError } from '../../src/platform/listing/port.ts';
import { clientWire, PATHS, SESSION_HEADER } from '../../src/platform/listing/protocol.ts';

/**
 * A local server speaking the listing partner's protocol (src/platform/listing/protocol.ts) over the partner's own
 * logic (partner.ts, the one the default local adapter runs in process), for the HTTP adapter's tests, the scale
 * bench and the browser test. Tests seed clients and properties through `partner`.
 *
 * Failures are injected per call, queued one per call: `hang` (no answer until the client gives up: a timeout),
 * `malformed` (200 with a body the protocol does not allow), `not_json`, `outside_hours` (503 with 2998),
 * `msg` (400 with a given message id). A wrong password and an expired session are the partner's own answers
 * (`partner.expireSessions()`).
 */

export type FakeListingCall = 'sessions' | 'client' | 'bukken' | 'contents' | 'corporates' | 'report' | 'ads' | 'log';
export type FakeListingFailure =
  | { kind: 'hang' }
  | { kind: 'malformed' }
  | { kind: 'not_json' }
  | { kind: 'outside_hours' }
  | { kind: 'msg'; msgId: string; status?: number };

export interface FakeListing {
  url: string;
  partner: Partner;
  inject(call: FakeListingCall, failure: FakeListingFailure): void;
  /** Requests by call name that reached the server. */
  calls(call: FakeListingCall): number;
  /** The most requests the server held at once. */
  maxInFlight(): number;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

const ng = (res: ServerResponse, status: number, msgId: string, message: string) =>
  send(res, status, { result: 'NG', errors: [{ msgId, message }] });

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of req as AsyncIterable<Buffer>) parts.push(part);
  const text = Buffer.concat(parts).toString('utf8');
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function callOf(path: string): FakeListingCall | null {
  if (path === PATHS.sessions) return 'sessions';
  if (path === PATHS.client) return 'client';
  if (path === PATHS.bukken) return 'bukken';
  if (/^\/api\/v1\/bukken\/[^/]+\/contents$/.test(path)) return 'contents';
  if (path === PATHS.corporates) return 'corporates';
  if (path === PATHS.report) return 'report';
  if (path === PATHS.ads) return 'ads';
  if (path === PATHS.log) return 'log';
  return null;
}

async function answer(partner: Partner, req: IncomingMessage, url: URL, call: FakeListingCall): Promise<unknown> {
  const session = str(req.headers[SESSION_HEADER]);
  const q = (name: string) => url.searchParams.get(name) ?? '';
  switch (call) {
    case 'sessions': {
      if (req.method === 'DELETE') {
        partner.signOut(session);
        return {};
      }
      const b = await readJson(req);
      const s = partner.signIn({
        loginId: str(b.login_id),
        password: str(b.password),
        corporationCode: str(b.corporation_code),
        contactCode: str(b.contact_code),
      });
      return { session: { token: s.token, expires_in: Math.max(1, Math.round((s.expiresAt - Date.now()) / 1000)) } };
    }
    case 'client':
      return { client: clientWire(partner.clientInfo(session)) };
    case 'bukken': {
      const keyType = q('key_type') === 'vin' ? 'vin' : 'property_code';
      const items = partner.search(session, q('key'), keyType);
      return { items: items.map((p) => ({ property_code: p.propertyCode, vin: p.vin, title: p.title })) };
    }
    case 'contents': {
      const propertyCode = decodeURIComponent(url.pathname.split('/')[4] ?? '');
      if (req.method === 'DELETE') {
        partner.unregister(session, { propertyCode });
        return {};
      }
      const b = await readJson(req);
      return { status: partner.register(session, { propertyCode, contentId: str(b.content_id) }) };
    }
    case 'corporates':
      return {
        items: partner.corporates(session).map((c) => ({ corporation_code: c.corporationCode, name: c.name })),
      };
    case 'report':
      return { days: partner.report(session, q('from'), q('to')) };
    case 'ads':
      return { days: partner.ads(session, q('from'), q('to')) };
    case 'log':
      return {
        items: partner
          .log(session, q('since'))
          .map((e) => ({ at: e.at, property_code: e.propertyCode, event: e.event })),
      };
  }
}

export async function startFakeListing(options: { latencyMs?: number } = {}): Promise<FakeListing> {
  const partner = createPartner({ autoEnrol: false, sampleFigures: true });
  const queued = new Map<FakeListingCall, FakeListingFailure[]>();
  const counts = new Map<FakeListingCall, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const call = callOf(url.pathname);
    if (!call) return ng(res, 404, '2180', 'invalid request');
    counts.set(call, (counts.get(call) ?? 0) + 1);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => {
      inFlight -= 1;
      hanging.delete(res);
    });
    const failure = queued.get(call)?.shift();
    if (failure?.kind === 'hang') {
      hanging.add(res);
      return;
    }
    const run = async () => {
      if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
      if (failure?.kind === 'malformed') return send(res, 200, { result: 'OK', unexpected: true });
      if (failure?.kind === 'not_json') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>maintenance</html>');
      }
      if (failure?.kind === 'outside_hours') return ng(res, 503, '2998', 'outside API hours');
      if (failure?.kind === 'msg') return ng(res, failure.status ?? 400, failure.msgId, 'injected');
      try {
        send(res, 200, { result: 'OK', ...((await answer(partner, req, url, call)) as object) });
      } catch (error) {
        if (!(error instanceof ListingError)) return ng(res, 500, '2999', String(error));
        ng(res, error.failure === 'session_expired' ? 401 : 400, error.msgId, error.message);
      }
    };
    void run();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    partner,
    inject(call, failure) {
      queued.set(call, [...(queued.get(call) ?? []), failure]);
    },
    calls: (call) => counts.get(call) ?? 0,
    maxInFlight: () => maxInFlight,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
