import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isErrorCode } from '@spinyard/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_API_PREFIX } from '../../src/app.ts';
import { useTestApp } from '../helpers/app.ts';
import { bearer } from '../helpers/http.ts';
import { badBodies, badPathValues, badQueryValues, type JsonSchema, sampleValue } from './fuzz-cases.ts';

/**
 * Every documented operation, read from /docs/json, gets bad path parameters, query values and bodies. No answer
 * may be a 5xx, and every 4xx must carry `{ error: { code, user_message } }` with a catalogue code. The cases are
 * generated from the OpenAPI description, so a route added later is covered without editing this file.
 */
// A viewer build with its call page only: `GET /call` exists only where the viewer is built, and is documented.
const viewerDist = mkdtempSync(path.join(tmpdir(), 'spinyard-fuzz-viewer-'));
writeFileSync(path.join(viewerDist, 'call.html'), '<!doctype html><title>call</title>');
afterAll(() => rmSync(viewerDist, { recursive: true, force: true }));
const t = useTestApp({ viewerDist });

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema;
}

/** The methods the documented operations use, as the inject options type them. */
type Method = NonNullable<InjectOptions['method']>;

interface Operation {
  method: Method;
  path: string;
  params: Parameter[];
  query: Parameter[];
  body: JsonSchema | undefined;
  contentType: string | undefined;
}

interface OpenApi {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}

const BAD_AUTHORIZATIONS = [
  `Bearer ${'x'.repeat(10_000)}`,
  'Bearer',
  'Bearer a b c',
  'Basic Zm9vOmJhcg==',
  'Bearer %00',
  `Bearer ${'a'.repeat(43)}`,
];
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
/** Requests in flight at once: enough to finish in well under a minute, few enough for the test database's pool. */
const CONCURRENCY = 6;

function operationsOf(doc: OpenApi): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!METHODS.has(method)) continue;
      const parameters = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const contentType = Object.keys(content)[0];
      ops.push({
        method: method.toUpperCase() as Method,
        path,
        params: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: contentType ? content[contentType]?.schema : undefined,
        contentType,
      });
    }
  }
  return ops;
}

const MISSING_ID = '987654321';

/** A plausible path value: an id that exists nowhere (so nothing is touched), a word elsewhere. */
function plainPathValue(p: Parameter): string {
  return /id$/i.test(p.name) ? MISSING_ID : 'example.test';
}

function urlOf(op: Operation, pathValues: Record<string, string>, query = ''): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => pathValues[name] ?? 'x');
  return query ? `${path}?${query}` : path;
}

interface Case {
  label: string;
  request: InjectOptions;
}

function casesOf(op: Operation, plain: Record<string, string>): Case[] {
  const url = urlOf(op, plain);
  const base = op.body ? sampleValue(op.body) : undefined;
  const withBody = (payload: string, contentType = op.contentType ?? 'application/json') => ({
    payload,
    headers: { 'content-type': contentType },
  });
  const cases: Case[] = [];
  for (const p of op.params) {
    for (const [label, value] of badPathValues()) {
      cases.push({
        label: `path ${p.name} ${label}`,
        request: {
          method: op.method,
          url: urlOf(op, { ...plain, [p.name]: value }),
          ...(op.body ? withBody(JSON.stringify(base)) : {}),
        },
      });
    }
  }
  for (const q of op.query) {
    for (const [label, value] of badQueryValues(q.name)) {
      cases.push({ label: `query ${q.name} ${label}`, request: { method: op.method, url: urlOf(op, plain, value) } });
    }
  }
  // A NUL in a query parameter nobody documented still must not reach the database.
  cases.push({ label: 'query undocumented NUL', request: { method: op.method, url: `${url}?q=%00&page=%00` } });
  if (op.body) {
    for (const [label, payload, contentType] of badBodies(op.body, op.contentType ?? 'application/json')) {
      cases.push({ label: `body ${label}`, request: { method: op.method, url, ...withBody(payload, contentType) } });
    }
  }
  return cases;
}

interface Failure {
  operation: string;
  who: string;
  label: string;
  status: number;
  body: string;
}

/** Runs tasks with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(runners);
}

/**
 * The viewer's pages (`/v/{short_id}`) are documented but answer a buyer's browser: their refusals are pages in the
 * buyer's language (unpublished 404, deleted 410, the gate again).
 */
const isViewerPage = (path: string): boolean => path === '/v/{short_id}';

const namesFieldAndRule = (fields: unknown): boolean =>
  Array.isArray(fields) &&
  fields.length > 0 &&
  fields.every(
    (f: { field?: unknown; rule?: unknown; message?: unknown }) =>
      typeof f?.field === 'string' && typeof f.rule === 'string' && f.rule !== '' && typeof f.message === 'string',
  );

function judge(status: number, text: string, page = false, contentType = ''): string | undefined {
  if (status >= 500) return 'a server error';
  if (status < 400) return undefined;
  // A page's own refusals are HTML; input its schema refuses gets the API's error shape, judged below.
  if (page && contentType.startsWith('text/html')) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'a 4xx that is not JSON';
  }
  const error = (body as { error?: { code?: unknown; user_message?: unknown } } | null)?.error;
  if (!error || typeof error.user_message !== 'string' || error.user_message === '') {
    return 'a 4xx without { error: { code, user_message } }';
  }
  if (!isErrorCode(error.code)) return `a 4xx whose code ${String(error.code)} is not in the catalogue`;
  // A refused input names what was wrong: each field error carries the field and the rule it broke.
  const fields = (error as { fields?: unknown }).fields;
  if (error.code === 'validation_failed' && !namesFieldAndRule(fields)) return 'a 422 without the field and the rule';
  return undefined;
}

describe('every documented operation refuses bad input with a 4xx in the error shape', () => {
  let operations: Operation[] = [];
  beforeAll(async () => {
    const res = await t.app.inject('/docs/json');
    expect(res.statusCode).toBe(200);
    operations = operationsOf(res.json() as OpenApi);
  });

  it('reads the operations from /docs/json', () => {
    // Guards the generator: a description it cannot read would make the sweep below pass on nothing.
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((op) => op.body).length).toBeGreaterThan(15);
    expect(operations.filter((op) => op.params.length > 0).length).toBeGreaterThan(15);
    // The pages a build adds are documented operations too (the call page: only with the viewer built).
    expect(operations.some((op) => op.path === '/call')).toBe(true);
  });

  it("documents every media and publishing call of the spec's call list, each with a summary", async () => {
    const doc = (await t.app.inject('/docs/json')).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const documented = new Set(operations.map((op) => `${op.method} ${op.path}`));
    // The second document, section 7 (issue 18, point 7): ten media calls and seven publishing calls.
    const media = [
      'GET /session/start',
      'DELETE /exterior/{content_id}/session',
      'POST /exterior/{content_id}',
      'POST /exteriorimage/order',
      'POST /blurred_contents/{id}',
      'GET /blurred_preview/{id}',
      'POST /interior/{content_id}',
      'POST /multipanorama/order',
      'GET /slider/{content_id}',
      'GET /exteriormovie_url',
      'GET /slider/{content_id}/movies/{movie_id}/audio-tracks',
    ].map((call) => call.replace(' /', ` ${CONTENT_API_PREFIX}/`));
    const publishing = [
      'POST /api/tourmaker/buildcontents/{id}/',
      'GET /svnmedia/{*}',
      `POST ${CONTENT_API_PREFIX}/contents/public/{id}`,
      `POST ${CONTENT_API_PREFIX}/contents/private/{id}`,
      `POST ${CONTENT_API_PREFIX}/contents/create_short_url`,
      `GET ${CONTENT_API_PREFIX}/analytics_settings`,
      `POST ${CONTENT_API_PREFIX}/analytics_settings`,
      `POST ${CONTENT_API_PREFIX}/contents/cs-car-inspection`,
      `POST ${CONTENT_API_PREFIX}/contents/cs-car-inspection-display`,
    ];
    expect([...media, ...publishing].filter((call) => !documented.has(call))).toEqual([]);
    const unsummarised = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => !op.summary)
        .map(([method]) => `${method} ${path}`),
    );
    expect(unsummarised).toEqual([]);
  });

  it('never answers 5xx, and every 4xx carries a catalogue code and a user message', async () => {
    const master = await t.make.master();
    const tenant = await t.make.tenant();
    const superUser = await t.make.user({ tenant, privilege_type: 'super' });
    const normal = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: superUser.id });
    const failures: Failure[] = [];
    let sent = 0;

    const send = async (op: Operation, who: string, headers: Record<string, string>, c: Case) => {
      const res = await t.app.inject({ ...c.request, headers: { ...(c.request.headers ?? {}), ...headers } });
      sent++;
      const why = judge(res.statusCode, res.body, isViewerPage(op.path), String(res.headers['content-type'] ?? ''));
      if (why) {
        failures.push({
          operation: `${op.method} ${op.path}`,
          who,
          label: `${c.label}: ${why}`,
          status: res.statusCode,
          body: res.body.slice(0, 200),
        });
      }
    };

    const group = await t.make.group({ tenant, admin: superUser });
    // Ids of rows that exist, so bad bodies reach the services and the database instead of stopping at a 404.
    const knownIds = [tenant.domainId, tenant.companyId, superUser.id, normal.id, group.id];
    const masterProbe = (await t.make.session(master)).headers;

    /** Path values under which the operation finds a row (never for deletions: the rows must stay). */
    const plainValues = async (op: Operation): Promise<Record<string, string>> => {
      const plain = Object.fromEntries(op.params.map((p) => [p.name, plainPathValue(p)]));
      const idParam = op.params.find((p) => plain[p.name] === MISSING_ID);
      if (!idParam || op.method === 'DELETE' || op.params.length > 1) return plain;
      for (const id of knownIds) {
        const probe = await t.app.inject({
          method: 'GET',
          url: urlOf(op, { [idParam.name]: id }),
          headers: masterProbe,
        });
        if (probe.statusCode === 200) return { [idParam.name]: id };
      }
      return plain;
    };

    await pool(operations, 2, async (op) => {
      const cases = casesOf(op, await plainValues(op));
      // Public operations are tried without a token; signed-in ones (401 without) as master and as a normal user,
      // each with a session of its own so a case that signs out cannot blind the others.
      const probe = await t.app.inject({ method: op.method, url: urlOf(op, {}) });
      const signedIn = probe.statusCode === 401;
      // The content API takes the content token; the others the access token.
      const headersOf = async (user: { id: string }) => {
        const session = await t.make.session(user);
        return op.path.startsWith(CONTENT_API_PREFIX) ? bearer(session.contentToken) : session.headers;
      };
      const identities: [string, Record<string, string>][] = signedIn
        ? [
            ['master', await headersOf(master)],
            ['normal', await headersOf(normal)],
          ]
        : [['anonymous', {}]];
      const jobs = identities.flatMap(([who, headers]) => cases.map((c) => ({ who, headers, c })));
      // Broken credentials: refused as not signed in, never an error of the token lookup.
      const plainCase = { label: 'plain request', request: { method: op.method, url: urlOf(op, {}) } };
      for (const authorization of BAD_AUTHORIZATIONS) {
        jobs.push({ who: `authorization ${authorization.slice(0, 20)}`, headers: { authorization }, c: plainCase });
      }
      await pool(jobs, CONCURRENCY / 2, ({ who, headers, c }) => send(op, who, headers, c));
    });

    // Server errors first: they are the ones that matter most when the list is long.
    const report = failures
      .sort((a, b) => b.status - a.status)
      .slice(0, 60)
      .map((f) => `${f.status} ${f.operation} as ${f.who}: ${f.label} ${f.body}`)
      .join('\n');
    expect(sent).toBeGreaterThan(1000);
    expect(failures.length, `${failures.length} bad answers of ${sent}:\n${report}`).toBe(0);
  }, 180_000);
});
