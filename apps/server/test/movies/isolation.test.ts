import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { callerOf, type IsolationCompany, isolationCompany } from '../helpers/isolation.ts';
import { multipart } from '../helpers/multipart.ts';
import { jpeg } from '../helpers/pictures.ts';

/**
 * Tenant isolation and role visibility on every content-video route: users of company B, and company A's normal
 * user who does not see the vehicle, get 404 for company A's vehicle whatever they call, and nothing changes.
 */

const t = useTestApp();

let a: IsolationCompany;
let b: IsolationCompany;
let file: Buffer;

const call = callerOf(t);

beforeAll(async () => {
  file = await jpeg(64, 36);
  a = await isolationCompany(t);
  b = await isolationCompany(t);
  const saved = await call(a.normal, {
    method: 'POST',
    url: `/api/browser/v0/contents_movie/${a.car}/settings`,
    payload: { exterior_text: 'A' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

const snapshot = async () => ({
  settings: await t.db.selectFrom('content_movie_settings').selectAll().orderBy('content_id').execute(),
  movies: await t.db.selectFrom('content_movies').selectAll().orderBy('id').execute(),
  processes: await t.db.selectFrom('content_processes').select(['id', 'status']).orderBy('id').execute(),
});

/** Every content-video route aimed at company A's vehicle. */
function requests(car: string): InjectOptions[] {
  const upload = multipart({}, { data: file, name: 'opening.jpg', type: 'image/jpeg' });
  const base = `/api/browser/v0/contents_movie/${car}`;
  return [
    { method: 'GET', url: base },
    { method: 'POST', url: `${base}/settings`, payload: { exterior_text: 'Taken' } },
    { method: 'POST', url: `${base}/opening-image`, headers: upload.headers, payload: upload.payload },
    { method: 'DELETE', url: `${base}/opening-image` },
    ...['slider', 'obvr', 'tour'].flatMap((kind): InjectOptions[] => [
      { method: 'POST', url: `${base}/${kind}` },
      { method: 'DELETE', url: `${base}/${kind}` },
    ]),
  ];
}

describe('content-video routes across tenants and groups', () => {
  it("every route answers 404 for a vehicle outside the caller's sight and changes nothing", async () => {
    const before = await snapshot();
    for (const who of [b.sup, b.normal, a.normalPeer]) {
      for (const request of requests(a.car)) {
        const res = await call(who, request);
        expect(res.statusCode, `${who.email} ${request.method} ${request.url}`).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("the vehicle's own company reads it, and keeps the opening image (a JPEG, re-encoded), refuses a file that is no picture", async () => {
    for (const who of [a.sup, a.normal]) {
      const res = await call(who, { method: 'GET', url: `/api/browser/v0/contents_movie/${a.car}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().settings.exterior_text).toBe('A');
      expect(res.json().movies.map((m: { status: string }) => m.status)).toEqual(['none', 'none', 'none']);
    }
    const upload = multipart({}, { data: file, name: 'opening.jpg', type: 'image/jpeg' });
    const res = await call(a.sup, {
      method: 'POST',
      url: `/api/browser/v0/contents_movie/${a.car}/opening-image`,
      headers: upload.headers,
      payload: upload.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().opening_image).toMatchObject({ width: 64, height: 36 });
    const text = multipart({}, { data: Buffer.from('not a picture'), name: 'opening.png', type: 'image/png' });
    const refused = await call(a.sup, {
      method: 'POST',
      url: `/api/browser/v0/contents_movie/${a.car}/opening-image`,
      headers: text.headers,
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(415);
    // A vehicle with nothing to film: the render is refused before anything is queued.
    const start = await call(a.sup, { method: 'POST', url: `/api/browser/v0/contents_movie/${a.car}/obvr` });
    expect(start.json().error.code).toBe('movie_nothing_to_show');
  });
});
