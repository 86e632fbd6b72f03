import { DEFAULT_ENHANCE_SETTINGS, type InteriorSceneAnswer } from '@spinyard/domain';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { callerOf, type IsolationCompany, isolationCompany } from '../helpers/isolation.ts';
import { multipart } from '../helpers/multipart.ts';
import { panorama } from '../helpers/pictures.ts';

/**
 * Tenant isolation and role visibility on every interior route: users of company B, and company A's normal user
 * who does not see the vehicle, get 404 for company A's vehicle and scenes, whatever id they pass (the vehicle's, a
 * scene of it under their own vehicle, the order body's), and nothing changes: scenes, pictures, settings, processes.
 */

const t = useTestApp();

type Company = IsolationCompany & { scene: InteriorSceneAnswer };
let a: Company;
let b: Company;
let file: Buffer;

const call = callerOf(t);

async function company(): Promise<Company> {
  const company = await isolationCompany(t, { interior_enhancement: true });
  const body = multipart({ title: 'Front' }, { data: file, name: 'pano.jpg', type: 'image/jpeg' });
  const res = await call(company.normal, {
    method: 'POST',
    url: `/api/browser/v0/interior/${company.car}`,
    headers: body.headers,
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...company, scene: res.json() };
}

beforeAll(async () => {
  file = await panorama(512, 256);
  a = await company();
  b = await company();
});

const outsiders = () => [b.sup, b.normal, a.normalPeer];

const snapshot = async () => ({
  scenes: await t.db.selectFrom('interior_scenes').selectAll().orderBy('id').execute(),
  processes: await t.db.selectFrom('content_processes').select(['id', 'status']).orderBy('id').execute(),
  flags: await t.db.selectFrom('contents').select(['id', 'has_interior']).orderBy('id').execute(),
});

/** Every interior route aimed at company A's vehicle and scene. */
function requests(car: string, scene: string): InjectOptions[] {
  const upload = multipart({}, { data: file, name: 'pano.jpg', type: 'image/jpeg' });
  return [
    { method: 'GET', url: `/api/browser/v0/interior/${car}` },
    { method: 'POST', url: `/api/browser/v0/interior/${car}`, headers: upload.headers, payload: upload.payload },
    { method: 'POST', url: '/api/browser/v0/multipanorama/order', payload: { content_id: car, scene_ids: [scene] } },
    { method: 'POST', url: `/api/browser/v0/interior/${car}/scenes/${scene}`, payload: { title: 'Taken' } },
    { method: 'DELETE', url: `/api/browser/v0/interior/${car}/scenes/${scene}` },
    { method: 'GET', url: `/api/browser/v0/interior/${car}/scenes/${scene}/enhance` },
    { method: 'GET', url: `/api/browser/v0/interior/${car}/scenes/${scene}/enhance/preview?saturation=true` },
    {
      method: 'POST',
      url: `/api/browser/v0/interior/${car}/scenes/${scene}/enhance`,
      payload: { ...DEFAULT_ENHANCE_SETTINGS, saturation: true },
    },
    { method: 'DELETE', url: `/api/browser/v0/interior/${car}/scenes/${scene}/enhance` },
    {
      method: 'POST',
      url: `/api/browser/v0/interior/${car}/scenes/${scene}/adjust`,
      payload: { mode: 'auto', temperature: 0, tint: 0 },
    },
  ];
}

describe('interior routes across tenants and groups', () => {
  it("every route answers 404 for a vehicle outside the caller's sight and changes nothing", async () => {
    const before = await snapshot();
    for (const who of outsiders()) {
      for (const request of requests(a.car, a.scene.id)) {
        const res = await call(who, request);
        expect(res.statusCode, `${who.email} ${request.method} ${request.url}`).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a scene of A's vehicle under B's own vehicle is not found either, and A's scene cannot be ordered into B's", async () => {
    const before = await snapshot();
    for (const request of requests(b.car, a.scene.id).filter((r) => String(r.url).includes('/scenes/'))) {
      const res = await call(b.normal, request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    const order = await call(b.normal, {
      method: 'POST',
      url: '/api/browser/v0/multipanorama/order',
      payload: { content_id: b.car, scene_ids: [a.scene.id] },
    });
    expect(order.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it("the vehicle's own company (its super user, its owner) reaches every route", async () => {
    for (const who of [a.sup, a.normal]) {
      const res = await call(who, { method: 'GET', url: `/api/browser/v0/interior/${a.car}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().scenes.map((s: { id: string }) => s.id)).toEqual([a.scene.id]);
    }
    const preview = await call(a.sup, {
      method: 'GET',
      url: `/api/browser/v0/interior/${a.car}/scenes/${a.scene.id}/enhance/preview?saturation=true`,
    });
    expect(preview.statusCode).toBe(200);
  });
});
