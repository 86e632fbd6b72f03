import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { YoutubeUrls } from '../../src/platform/video-sharing/settings.ts';

/**
 * A local server speaking the part of YouTube's HTTP API the YouTube adapter uses (platform/video-sharing/youtube.ts),
 * as Google answers it: OAuth 2.0 (a consent page that approves at once and redirects with `code` and `state`, the
 * token endpoint for codes and refresh tokens, tokeninfo, revoke), the Data API v3 (channels?mine=true, 404 when the
 * account has no channel; playlists; i18nLanguages; videoCategories; videos update and delete; playlistItems insert),
 * resumable video uploads (`uploadType=resumable` sessions: 308 Resume Incomplete with `Range: bytes=0-N`, 200 with
 * the video at the end, `Content-Range: bytes * /TOTAL` asks what arrived) and thumbnails.set, with errors in
 * Google's JSON shape `{ error: { code, message, errors: [{ domain, reason, message }] } }`.
 *
 * Failures are injected per call: a connection dropped after so many bytes of a chunk (what arrived before is kept
 * to the last 256 KiB boundary, as Google keeps it), a status with one of Google's reasons.
 */

export const FAKE_CLIENT_ID = 'fake-client.apps.googleusercontent.com';
export const FAKE_CLIENT_SECRET = 'fake-secret-0123456789';
const UNIT = 256 * 1024;

export type FakeCall = 'start' | 'chunk' | 'thumbnail' | 'update' | 'delete' | 'channel' | 'playlistItems' | 'token';
/** A drop after `afterBytes` of the next chunk, or in the chunk that carries the file's byte `atOffset`. */
export type Injected =
  | { kind: 'drop'; afterBytes: number }
  | { kind: 'drop'; atOffset: number }
  | { kind: 'status'; status: number; reason: string };

interface Session {
  total: number;
  parts: Buffer[];
  received: number;
  snippet: unknown;
  videoId?: string;
}

export interface FakeVideo {
  id: string;
  body: Buffer;
  resource: { snippet: Record<string, unknown>; status: Record<string, unknown> };
  thumbnail?: Buffer;
  playlists: string[];
}

export interface FakeYoutube {
  url: string;
  urls: Required<YoutubeUrls>;
  videos: Map<string, FakeVideo>;
  /** Every byte of every chunk request that reached the server, dropped ones included. */
  bytesReceived(): number;
  /** The next `call` fails so (queued: one failure per call). */
  inject(call: FakeCall, failure: Injected): void;
  /** The account has no channel (channels answers 404) until called again with true. */
  setChannel(present: boolean): void;
  /** Every token the fake handed out and did not revoke. */
  liveTokens(): string[];
  close(): Promise<void>;
}

const newId = (bytes: number) => randomBytes(bytes).toString('base64url');

function googleError(res: ServerResponse, status: number, reason: string, message = reason): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify({ error: { code: status, message, errors: [{ domain: 'youtube', reason, message }] } }));
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req as AsyncIterable<Buffer>) parts.push(part);
  return Buffer.concat(parts);
}

/** Where in a chunk from `start` to `end` (inclusive) an injected drop cuts it, or null when it does not apply. */
function dropPoint(failure: Injected | undefined, start: number, end: number): number | null {
  if (failure?.kind !== 'drop') return null;
  if ('afterBytes' in failure) return failure.afterBytes;
  return failure.atOffset <= end ? Math.max(0, failure.atOffset - start) : null;
}

const LANGUAGES: Record<string, [string, string][]> = {
  ja: [
    ['ja', '日本語'],
    ['en', '英語'],
    ['fr', 'フランス語'],
    ['pt', 'ポルトガル語'],
  ],
  en: [
    ['ja', 'Japanese'],
    ['en', 'English'],
    ['fr', 'French'],
    ['pt', 'Portuguese'],
  ],
};
const CATEGORIES: [string, string, boolean][] = [
  ['2', 'Autos & Vehicles', true],
  ['18', 'Short Movies', false],
  ['22', 'People & Blogs', true],
];

/** Everything the fake holds: grants, upload sessions, videos, playlists and the failures still to inject. */
interface FakeState {
  codes: Set<string>;
  refreshTokens: Set<string>;
  accessTokens: Map<string, { refresh: string; expires: number }>;
  sessions: Map<string, Session>;
  videos: Map<string, FakeVideo>;
  playlists: { id: string; snippet: { title: string }; contentDetails: { itemCount: number } }[];
  injected: Map<FakeCall, Injected[]>;
  channel: boolean;
  chunkBytes: number;
  base: string;
}

const nextFailure = (s: FakeState, call: FakeCall) => s.injected.get(call)?.shift();
/** Answers an s.injected status failure; a drop is left to the chunk reader. */
const failed = (s: FakeState, call: FakeCall, res: ServerResponse): boolean => {
  const failure = s.injected.get(call)?.[0];
  if (failure?.kind !== 'status') return false;
  nextFailure(s, call);
  googleError(res, failure.status, failure.reason);
  return true;
};
const signedIn = (s: FakeState, req: IncomingMessage, res: ServerResponse): boolean => {
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const grant = token ? s.accessTokens.get(token) : undefined;
  if (grant && grant.expires > Date.now()) return true;
  googleError(res, 401, 'authorizationRequired', 'Login Required.');
  return false;
};
const issue = (s: FakeState, refresh: string) => {
  const access = `ya29.${newId(24)}`;
  s.accessTokens.set(access, { refresh, expires: Date.now() + 3600_000 });
  return access;
};
const SCOPE = 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube';

async function oauth(s: FakeState, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (url.pathname === '/o/oauth2/auth') {
    const code = `4/${newId(18)}`;
    s.codes.add(code);
    const back = new URL(url.searchParams.get('redirect_uri') ?? '');
    back.search = new URLSearchParams({ code, state: url.searchParams.get('state') ?? '', scope: SCOPE }).toString();
    res.writeHead(302, { location: back.toString() });
    res.end();
    return;
  }
  const form = new URLSearchParams((await readBody(req)).toString());
  if (url.pathname === '/token') {
    if (failed(s, 'token', res)) return;
    if (form.get('client_id') !== FAKE_CLIENT_ID || form.get('client_secret') !== FAKE_CLIENT_SECRET) {
      send(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    } else if (form.get('grant_type') === 'authorization_code' && s.codes.delete(form.get('code') ?? '')) {
      const refresh = `1//${newId(24)}`;
      s.refreshTokens.add(refresh);
      send(res, 200, {
        access_token: issue(s, refresh),
        refresh_token: refresh,
        expires_in: 3599,
        scope: SCOPE,
        token_type: 'Bearer',
      });
    } else if (form.get('grant_type') === 'refresh_token' && s.refreshTokens.has(form.get('refresh_token') ?? '')) {
      send(res, 200, {
        access_token: issue(s, form.get('refresh_token') ?? ''),
        expires_in: 3599,
        scope: SCOPE,
        token_type: 'Bearer',
      });
    } else {
      send(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
    }
    return;
  }
  if (url.pathname === '/revoke') {
    const token = form.get('token') ?? url.searchParams.get('token') ?? '';
    const refresh = s.refreshTokens.has(token) ? token : s.accessTokens.get(token)?.refresh;
    if (!refresh) return send(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    s.refreshTokens.delete(refresh);
    for (const [access, grant] of s.accessTokens) if (grant.refresh === refresh) s.accessTokens.delete(access);
    return send(res, 200, {});
  }
  const grant = s.accessTokens.get(url.searchParams.get('access_token') ?? '');
  if (!grant) return send(res, 400, { error: 'invalid_token', error_description: 'Invalid Value' });
  const expiresIn = Math.floor((grant.expires - Date.now()) / 1000);
  send(res, 200, { azp: FAKE_CLIENT_ID, aud: FAKE_CLIENT_ID, scope: SCOPE, expires_in: String(expiresIn) });
}

function finish(s: FakeState, session: Session, res: ServerResponse): void {
  if (!session.videoId) {
    const id = newId(8);
    const resource = session.snippet as FakeVideo['resource'];
    s.videos.set(id, { id, body: Buffer.concat(session.parts), resource, playlists: [] });
    session.videoId = id;
    session.parts = [];
  }
  send(res, 200, { kind: 'youtube#video', id: session.videoId, status: { uploadStatus: 'uploaded' } });
}

function progress(s: FakeState, session: Session, res: ServerResponse): void {
  if (session.received >= session.total) {
    finish(s, session, res);
    return;
  }
  res.writeHead(308, session.received > 0 ? { range: `bytes=0-${session.received - 1}` } : {});
  res.end();
}

async function chunk(s: FakeState, req: IncomingMessage, res: ServerResponse, session: Session): Promise<void> {
  const range = req.headers['content-range'] ?? '';
  if (/^bytes \*\/\d+$/.test(range)) return progress(s, session, res);
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
  if (!match || Number(match[1]) !== session.received || Number(match[3]) !== session.total) {
    return googleError(res, 400, 'badContent', 'Content-Range does not continue the session');
  }
  if (failed(s, 'chunk', res)) return;
  const dropAt = dropPoint(s.injected.get('chunk')?.[0], session.received, Number(match[2]));
  if (dropAt !== null) nextFailure(s, 'chunk');
  let got = 0;
  const parts: Buffer[] = [];
  for await (const part of req as AsyncIterable<Buffer>) {
    s.chunkBytes += part.length;
    if (dropAt !== null && got + part.length >= dropAt) {
      const kept = Math.floor(dropAt / UNIT) * UNIT;
      const whole = Buffer.concat([...parts, part]).subarray(0, kept);
      if (whole.length > 0) session.parts.push(whole);
      session.received += whole.length;
      req.socket.destroy();
      return;
    }
    got += part.length;
    parts.push(part);
  }
  const body = Buffer.concat(parts);
  session.parts.push(body);
  session.received += body.length;
  progress(s, session, res);
}

async function api(s: FakeState, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const path = url.pathname.replace('/youtube/v3', '');
  if (path === '/channels') {
    if (failed(s, 'channel', res)) return;
    if (!s.channel) return googleError(res, 404, 'channelNotFound', 'Channel not found.');
    return send(res, 200, {
      items: [{ id: 'UCfakeChannel0000000000', snippet: { title: 'Fake Motors', customUrl: '@fakemotors' } }],
    });
  }
  if (path === '/playlists') return send(res, 200, { items: s.playlists });
  if (path === '/i18nLanguages') {
    const rows = LANGUAGES[url.searchParams.get('hl') ?? 'en'] ?? LANGUAGES.en ?? [];
    return send(res, 200, { items: rows.map(([id, name]) => ({ id, snippet: { hl: id, name } })) });
  }
  if (path === '/videoCategories') {
    if (!url.searchParams.get('regionCode')) return googleError(res, 400, 'invalidRegionCode');
    const items = CATEGORIES.map(([id, title, assignable]) => ({ id, snippet: { title, assignable } }));
    return send(res, 200, { items });
  }
  if (path === '/playlistItems' && req.method === 'POST') {
    if (failed(s, 'playlistItems', res)) return;
    const body = JSON.parse((await readBody(req)).toString()) as {
      snippet: { playlistId: string; resourceId: { videoId: string } };
    };
    const video = s.videos.get(body.snippet.resourceId.videoId);
    const list = s.playlists.find((p) => p.id === body.snippet.playlistId);
    if (!video) return googleError(res, 404, 'videoNotFound');
    if (!list) return googleError(res, 404, 'playlistNotFound');
    video.playlists.push(list.id);
    list.contentDetails.itemCount += 1;
    return send(res, 200, { id: newId(12), snippet: body.snippet });
  }
  if (path === '/videos' && req.method === 'PUT') {
    if (failed(s, 'update', res)) return;
    const body = JSON.parse((await readBody(req)).toString()) as FakeVideo['resource'] & { id: string };
    const video = s.videos.get(body.id);
    if (!video) return googleError(res, 404, 'videoNotFound');
    video.resource = { snippet: body.snippet, status: body.status };
    return send(res, 200, { id: body.id, ...video.resource });
  }
  if (path === '/videos' && req.method === 'DELETE') {
    if (failed(s, 'delete', res)) return;
    if (!s.videos.delete(url.searchParams.get('id') ?? '')) return googleError(res, 404, 'videoNotFound');
    res.writeHead(204);
    return void res.end();
  }
  googleError(res, 404, 'notFound');
}

async function upload(s: FakeState, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const path = url.pathname.replace('/upload/youtube/v3', '');
  if (path === '/thumbnails/set') {
    if (failed(s, 'thumbnail', res)) return;
    const body = await readBody(req);
    const video = s.videos.get(url.searchParams.get('videoId') ?? '');
    if (!video) return googleError(res, 404, 'videoNotFound');
    if (body.length === 0) return googleError(res, 400, 'mediaBodyRequired');
    if (body.length > 2 * 1024 * 1024) return googleError(res, 413, 'mediaBodyTooLarge');
    const jpeg = body[0] === 0xff && body[1] === 0xd8;
    const png = body.subarray(0, 4).toString('latin1') === '\x89PNG';
    if (!jpeg && !png) return googleError(res, 400, 'invalidImage');
    video.thumbnail = body;
    return send(res, 200, { items: [{ default: { url: `${s.base}/thumb/${video.id}.jpg` } }] });
  }
  const id = url.searchParams.get('upload_id');
  if (path === '/videos' && req.method === 'POST' && url.searchParams.get('uploadType') === 'resumable') {
    if (failed(s, 'start', res)) return;
    const total = Number(req.headers['x-upload-content-length']);
    const snippet = JSON.parse((await readBody(req)).toString()) as unknown;
    const uploadId = newId(24);
    s.sessions.set(uploadId, { total, parts: [], received: 0, snippet });
    const location = `${s.base}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${uploadId}`;
    return send(res, 200, undefined, { location });
  }
  const session = id ? s.sessions.get(id) : undefined;
  if (path === '/videos' && req.method === 'PUT' && session) return chunk(s, req, res, session);
  googleError(res, 404, 'notFound');
}

export async function startFakeYoutube(): Promise<FakeYoutube> {
  const s: FakeState = {
    codes: new Set(),
    refreshTokens: new Set(),
    accessTokens: new Map(),
    sessions: new Map(),
    videos: new Map(),
    playlists: [
      { id: `PL${newId(16)}`, snippet: { title: 'Stock' }, contentDetails: { itemCount: 0 } },
      { id: `PL${newId(16)}`, snippet: { title: 'New arrivals' }, contentDetails: { itemCount: 0 } },
    ],
    injected: new Map(),
    channel: true,
    chunkBytes: 0,
    base: '',
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const route = async () => {
      if (['/o/oauth2/auth', '/token', '/revoke', '/tokeninfo'].includes(url.pathname)) return oauth(s, req, res, url);
      if (!signedIn(s, req, res)) return;
      if (url.pathname.startsWith('/upload/youtube/v3/')) return upload(s, req, res, url);
      if (url.pathname.startsWith('/youtube/v3/')) return api(s, req, res, url);
      googleError(res, 404, 'notFound');
    };
    route().catch(() => googleError(res, 500, 'backendError'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  s.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: s.base,
    urls: {
      authUrl: `${s.base}/o/oauth2/auth`,
      oauthUrl: s.base,
      apiUrl: `${s.base}/youtube/v3`,
      uploadUrl: `${s.base}/upload/youtube/v3`,
    },
    videos: s.videos,
    bytesReceived: () => s.chunkBytes,
    inject(call, failure) {
      s.injected.set(call, [...(s.injected.get(call) ?? []), failure]);
    },
    setChannel(present) {
      s.channel = present;
    },
    liveTokens: () => [...s.refreshTokens, ...s.accessTokens.keys()],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
