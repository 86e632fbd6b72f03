import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { exteriorRepo } from '../../src/modules/exterior/repo.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { multipart } from '../helpers/multipart.ts';
import { panorama } from '../helpers/pictures.ts';

/**
 * Tenant isolation of the AI options' starts (front detection, automatic detections, category images, automatic
 * colour, the background interior upload, the background replacement and rotation correction of a row): another company's users get 404 for company A's vehicle with every
 * option on, and nothing starts or changes on it.
 */

const t = useTestApp();
let ownerA: SignedInUser;
let carA: string;
let rowA: string;
let outsiders: SignedInUser[];

beforeAll(async () => {
  const options = {
    front_detection: true,
    auto_annotation: true,
    brightness: true,
    ai_category_image_autogeneration: true,
    async_mobile_upload: true,
    background_blur: true,
    exterior_rotation_correction: true,
  };
  const tenantA = await t.make.tenant({ options });
  ownerA = await t.make.signedIn({ tenant: tenantA, privilege_type: 'super' });
  [carA] = (await t.make.vehicles(ownerA)) as [string];
  rowA = (await seedExterior(t, carA, { rows: [8] })).rows[0]!.id;
  const tenantB = await t.make.tenant({ options });
  const superB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'super' });
  const adminB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'admin' });
  outsiders = [superB, adminB];
});

const as = (who: SignedInUser, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...(request.headers ?? {}), authorization: `Bearer ${who.contentToken}` } });

describe("another tenant's users", () => {
  it('get 404 on every start for A’s vehicle, and nothing starts', async () => {
    const file = multipart({}, { data: await panorama(1024, 512), name: 'pano.jpg', type: 'image/jpeg' });
    const picture = multipart({}, { data: await panorama(64, 32), name: 'backdrop.jpg', type: 'image/jpeg' });
    const requests: InjectOptions[] = [
      { method: 'POST', url: `/api/browser/v0/exterior/${carA}/autodetect-angle` },
      { method: 'POST', url: `/api/browser/v0/exterior/${carA}/autodetect` },
      { method: 'POST', url: `/api/browser/v0/exterior/${carA}/autodetect-plates` },
      { method: 'GET', url: `/api/browser/v0/exterior/${carA}/extra-images?blurred=true` },
      { method: 'POST', url: `/api/browser/v0/exterior/${carA}/autodetect-all` },
      { method: 'POST', url: `/api/browser/v0/slider/${carA}/auto-generate`, payload: { source: 'exterior' } },
      { method: 'POST', url: `/api/browser/v0/interior/${carA}/auto-color` },
      { method: 'POST', url: `/api/browser/v0/interior/${carA}/autodetect` },
      { method: 'POST', url: `/api/browser/v0/interior/${carA}/async`, payload: file.payload, headers: file.headers },
      { method: 'POST', url: `/api/browser/v0/exterior/${carA}/rows/${rowA}/rotation-correction` },
      {
        method: 'POST',
        url: `/api/browser/v0/exterior/${carA}/rows/${rowA}/replace-background`,
        payload: picture.payload,
        headers: picture.headers,
      },
    ];
    const before = (await exteriorRepo(t.db).frames(carA)).map((f) => [f.id, f.frame_order]);
    for (const who of outsiders) {
      for (const request of requests) {
        const res = await as(who, request);
        expect(res.statusCode, `${request.url}: ${res.body}`).toBe(404);
      }
    }
    const rows = await t.db.selectFrom('content_processes').select('id').where('content_id', '=', carA).execute();
    expect(rows).toEqual([]);
    expect((await exteriorRepo(t.db).frames(carA)).map((f) => [f.id, f.frame_order])).toEqual(before);
  });
});
