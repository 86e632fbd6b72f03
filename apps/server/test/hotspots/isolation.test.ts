import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { multipartFile } from '../helpers/multipart.ts';
import { redPicture } from '../helpers/pictures.ts';
import { as, exteriorBody, fileRequest, interiorBody, seedVehicle } from './fixtures.ts';

/**
 * Tenant isolation of every hotspot route: another company's users (super, admin, normal) and a normal user of the
 * same company outside the owner's group get 404 for company A's vehicle, also when they name A's hotspots, rows
 * and scenes under a vehicle of their own; nothing of A's changes (rows and blobs).
 */

const t = useTestApp();
let ownerA: SignedInUser;
let a: Awaited<ReturnType<typeof seedVehicle>>;
let extA: string;
let intA: string;
let superB: SignedInUser;
let b: Awaited<ReturnType<typeof seedVehicle>>;
let outsiders: SignedInUser[];

beforeAll(async () => {
  const tenantA = await t.make.tenant();
  const adminA = await t.make.signedIn({ tenant: tenantA, privilege_type: 'admin' });
  ownerA = await t.make.signedIn({ tenant: tenantA, privilege_type: 'normal', parent_user_id: adminA.id });
  const peerA = await t.make.signedIn({ tenant: tenantA, privilege_type: 'normal', parent_user_id: adminA.id });
  a = await seedVehicle(t, ownerA);
  extA = (
    await as(t, ownerA, {
      method: 'POST',
      url: `/api/browser/v0/exterior/${a.car}/hotspots`,
      payload: exteriorBody(a.group),
    })
  ).json().id;
  intA = (
    await as(t, ownerA, {
      method: 'POST',
      url: `/api/browser/v0/interior/${a.car}/hotspots`,
      payload: interiorBody(a.scene),
    })
  ).json().id;
  await as(t, ownerA, fileRequest(a.car, extA, 'icon', await redPicture(80, 80, 'png', true), 'i.png'));

  const tenantB = await t.make.tenant();
  superB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'super' });
  const adminB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'admin' });
  const normalB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'normal', parent_user_id: adminB.id });
  b = await seedVehicle(t, superB);
  outsiders = [superB, adminB, normalB, peerA];
});

const snapshot = async () => ({
  hotspots: await t.db.selectFrom('hotspots').selectAll().where('content_id', '=', a.car).orderBy('id').execute(),
  blobs: await testAppStore(t.dir).list(`contents/${a.car}/`),
});

/** Every hotspot path, on vehicle `car`, naming company A's hotspots, row and scene. */
async function requests(car: string): Promise<[string, InjectOptions][]> {
  const icon = multipartFile(await redPicture(80, 80, 'png', true), 'i.png');
  return [
    ['ext list', { method: 'GET', url: `/api/browser/v0/exterior/${car}/hotspots` }],
    ['ext add', { method: 'POST', url: `/api/browser/v0/exterior/${car}/hotspots`, payload: exteriorBody(a.group) }],
    [
      'ext update',
      { method: 'POST', url: `/api/browser/v0/exterior/${car}/hotspots/${extA}`, payload: { title: 'x' } },
    ],
    [
      'ext move',
      {
        method: 'POST',
        url: `/api/browser/v0/exterior/${car}/hotspots/${extA}/coordinates`,
        payload: exteriorBody(a.group).placement,
      },
    ],
    [
      'file set',
      {
        method: 'POST',
        url: `/api/browser/v0/hotspot/${car}/${extA}/icon`,
        payload: icon.payload,
        headers: icon.headers,
      },
    ],
    ['file remove', { method: 'DELETE', url: `/api/browser/v0/hotspot/${car}/${extA}/icon` }],
    ['ext remove', { method: 'DELETE', url: `/api/browser/v0/exterior/${car}/hotspots/${extA}` }],
    ['int list', { method: 'GET', url: `/api/browser/v0/interior/${car}/hotspots` }],
    ['int add', { method: 'POST', url: `/api/browser/v0/interior/${car}/hotspots`, payload: interiorBody(a.scene) }],
    [
      'int update',
      { method: 'POST', url: `/api/browser/v0/interior/${car}/hotspots/${intA}`, payload: { title: 'x' } },
    ],
    [
      'int move',
      {
        method: 'POST',
        url: `/api/browser/v0/interior/${car}/hotspots/${intA}/coordinates`,
        payload: { scene_id: a.scene, yaw: 0, pitch: 0 },
      },
    ],
    ['int remove', { method: 'DELETE', url: `/api/browser/v0/interior/${car}/hotspots/${intA}` }],
  ];
}

describe('hotspot routes across tenants and groups', () => {
  it("answers 404 on every path for a vehicle outside the caller's sight, and changes nothing", async () => {
    const before = await snapshot();
    for (const who of outsiders) {
      for (const [what, request] of await requests(a.car)) {
        const res = await as(t, who, request);
        expect(res.statusCode, `${who.email} ${what}: ${res.body}`).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses A's hotspots, row and scene named under the caller's own vehicle, and changes nothing", async () => {
    const before = await snapshot();
    const answered: Record<string, number> = {};
    for (const [what, request] of await requests(b.car)) {
      if (what.endsWith('list')) continue;
      answered[what] = (await as(t, superB, request)).statusCode;
    }
    // A's hotspots are not found under B's vehicle; A's row and scene are not B's to place on (422 naming them).
    expect(answered).toEqual({
      'ext add': 422,
      'ext update': 404,
      'ext move': 404,
      'file set': 404,
      'file remove': 404,
      'ext remove': 404,
      'int add': 422,
      'int update': 404,
      'int move': 404,
      'int remove': 404,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('the owner reaches every path (the requests above are real)', async () => {
    const answered: Record<string, number> = {};
    for (const [what, request] of await requests(a.car)) answered[what] = (await as(t, ownerA, request)).statusCode;
    expect(answered).toEqual({
      'ext list': 200,
      'ext add': 201,
      'ext update': 200,
      'ext move': 200,
      'file set': 200,
      'file remove': 200,
      'ext remove': 200,
      'int list': 200,
      'int add': 201,
      'int update': 200,
      'int move': 200,
      'int remove': 200,
    });
  });
});
