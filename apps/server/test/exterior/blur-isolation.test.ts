import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';

/**
 * Tenant isolation of the blur editor's routes: every user of company B, and a normal user of company A outside the
 * vehicle's owner, gets 404 for company A's vehicle on every route, and nothing changes (frames, settings,
 * processes). The owner's own calls succeed, so the 404s are not a broken route.
 */

const t = useTestApp();

let owner: SignedInUser;
let outsiders: SignedInUser[];
let car: string;
let groupId: string;
/** A row of company B's vehicle, to try on A's vehicle and A's row on B's. */
let otherCar: string;

const box = { x: 0.1, y: 0.1, w: 0.3, h: 0.2 };
const regions = [{ id: 'plate', keys: [{ frame: 0, box }] }];

const call = (who: SignedInUser, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { authorization: `Bearer ${who.contentToken}` } });

const snapshot = async () => ({
  frames: await t.db
    .selectFrom('exterior_frames')
    .select(['id', 'edited', 'edit_kind'])
    .where('content_id', '=', car)
    .orderBy('id')
    .execute(),
  settings: await t.db.selectFrom('exterior_settings').select('blur').where('content_id', '=', car).execute(),
  processes: await t.db
    .selectFrom('content_processes')
    .select(['id', 'status'])
    .where('content_id', '=', car)
    .execute(),
});

beforeAll(async () => {
  const a = await t.make.tenant({ options: { background_blur: true } });
  const b = await t.make.tenant({ options: { background_blur: true } });
  const admin = await t.make.signedIn({ tenant: a, privilege_type: 'admin' });
  owner = await t.make.signedIn({ tenant: a, privilege_type: 'normal', parent_user_id: admin.id });
  const peer = await t.make.signedIn({ tenant: a, privilege_type: 'normal', parent_user_id: admin.id });
  const bSuper = await t.make.signedIn({ tenant: b, privilege_type: 'super' });
  const bAdmin = await t.make.signedIn({ tenant: b, privilege_type: 'admin' });
  outsiders = [bSuper, bAdmin, peer];
  [car] = (await t.make.vehicles(owner)) as [string];
  groupId = (await seedExterior(t, car, { rows: [8] })).rows[0]!.id;
  [otherCar] = (await t.make.vehicles(bSuper)) as [string];
  await seedExterior(t, otherCar, { rows: [8] });
});

describe('blur routes across tenants', () => {
  it('GET /blurred_contents/{id}: not_found outside the vehicle’s sight', async () => {
    for (const who of outsiders) {
      const res = await call(who, { method: 'GET', url: `/api/browser/v0/blurred_contents/${car}` });
      expect(res.statusCode, who.email).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await call(owner, { method: 'GET', url: `/api/browser/v0/blurred_contents/${car}` })).statusCode).toBe(200);
  });

  it('GET /blurred_preview/{id}: not_found, and no picture of the vehicle leaks', async () => {
    const query = new URLSearchParams({
      group_id: groupId,
      frame: '0',
      blur_str: '40',
      regions: JSON.stringify(regions),
    });
    for (const who of outsiders) {
      const res = await call(who, { method: 'GET', url: `/api/browser/v0/blurred_preview/${car}?${query}` });
      expect(res.statusCode, who.email).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
    const own = await call(owner, { method: 'GET', url: `/api/browser/v0/blurred_preview/${car}?${query}` });
    expect(own.statusCode).toBe(200);
  });

  it('POST /blurred_contents/{id}: not_found, nothing blurred, no settings, no process', async () => {
    const before = await snapshot();
    for (const who of outsiders) {
      const res = await call(who, {
        method: 'POST',
        url: `/api/browser/v0/blurred_contents/${car}`,
        payload: { group_id: groupId, blur_str: 40, regions },
      });
      expect(res.statusCode, who.email).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a row of A's vehicle cannot be blurred through B's vehicle", async () => {
    const [bSuper] = outsiders as [SignedInUser];
    const before = await snapshot();
    const res = await call(bSuper, {
      method: 'POST',
      url: `/api/browser/v0/blurred_contents/${otherCar}`,
      payload: { group_id: groupId, blur_str: 40, regions },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields[0].field).toBe('group_id');
    const preview = await call(bSuper, {
      method: 'GET',
      url: `/api/browser/v0/blurred_preview/${otherCar}?group_id=${groupId}&frame=0&blur_str=40`,
    });
    expect(preview.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it('DELETE /blurred_contents/{id}: not_found, the blur stays', async () => {
    const applied = await call(owner, {
      method: 'POST',
      url: `/api/browser/v0/blurred_contents/${car}`,
      payload: { group_id: groupId, blur_str: 40, regions },
    });
    expect(applied.statusCode, applied.body).toBe(202);
    const before = await snapshot();
    expect(before.frames.filter((f) => f.edit_kind === 'blur')).toHaveLength(1);
    for (const who of outsiders) {
      const res = await call(who, {
        method: 'DELETE',
        url: `/api/browser/v0/blurred_contents/${car}?group_id=${groupId}`,
      });
      expect(res.statusCode, who.email).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });
});
