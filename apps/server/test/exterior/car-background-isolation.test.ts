import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { exteriorRepo } from '../../src/modules/exterior/repo.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { multipartFile } from '../helpers/multipart.ts';
import { solid } from '../helpers/pictures.ts';

/**
 * Tenant isolation of the car-aware row edits (car-background-routes.ts): another company's users, their domain
 * with every option on, get 404 for company A's vehicle and row, and nothing starts or changes on it.
 */

const t = useTestApp();
const options = { background_blur: true, exterior_rotation_correction: true };
let carA: string;
let rowA: string;
let outsiders: SignedInUser[];

beforeAll(async () => {
  const ownerA = await t.make.signedIn({ tenant: await t.make.tenant({ options }), privilege_type: 'super' });
  [carA] = (await t.make.vehicles(ownerA)) as [string];
  rowA = (await seedExterior(t, carA, { rows: [4] })).rows[0]!.id;
  const tenantB = await t.make.tenant({ options });
  outsiders = [
    await t.make.signedIn({ tenant: tenantB, privilege_type: 'super' }),
    await t.make.signedIn({ tenant: tenantB, privilege_type: 'admin' }),
  ];
});

const as = (who: SignedInUser, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...(request.headers ?? {}), authorization: `Bearer ${who.contentToken}` } });

describe("another tenant's users", () => {
  it("get 404 on A's background replacement and rotation correction, and nothing starts", async () => {
    const file = multipartFile(await solid(64, 36, 'png'), 'backdrop.png', 'image/png');
    const requests: InjectOptions[] = [
      {
        method: 'POST',
        url: `/api/browser/v0/exterior/${carA}/rows/${rowA}/replace-background`,
        payload: file.payload,
        headers: file.headers,
      },
      { method: 'POST', url: `/api/browser/v0/exterior/${carA}/rows/${rowA}/rotation-correction` },
    ];
    for (const who of outsiders) {
      for (const request of requests) {
        const res = await as(who, request);
        expect(res.statusCode, `${request.url}: ${res.body}`).toBe(404);
      }
    }
    const rows = await t.db.selectFrom('content_processes').select('id').where('content_id', '=', carA).execute();
    expect(rows).toEqual([]);
    expect((await exteriorRepo(t.db).frames(carA)).every((f) => f.edit_kind === null)).toBe(true);
  });
});
