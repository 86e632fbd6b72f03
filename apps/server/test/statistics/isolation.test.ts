import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/**
 * Tenant isolation of the statistics chart and its CSV: another company's users see none of company A's counts,
 * and naming A's vehicle is `not_found`; inside A, a normal user sees their own vehicles only.
 */

const t = useTestApp();
let a: Record<'sup' | 'admin' | 'normal', SignedInUser>;
let b: Record<'sup' | 'admin' | 'normal', SignedInUser>;
let vehicleA: string;
let vehicleOfNormal: string;
const PERIOD = { from: '2026-04-01', to: '2026-04-30' };

async function company() {
  const tenant = await t.make.tenant();
  const sup = await t.make.signedIn({ tenant, privilege_type: 'super' });
  const admin = await t.make.signedIn({ tenant, privilege_type: 'admin' });
  const normal = await t.make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  return { sup, admin, normal };
}

beforeAll(async () => {
  a = await company();
  b = await company();
  [vehicleA] = (await t.make.vehicles(a.sup, {
    publication: 'published',
    fields: { management_id: 'SECRET-A' },
  })) as [string];
  [vehicleOfNormal] = (await t.make.vehicles(a.normal, { publication: 'published' })) as [string];
  await t.make.update.statisticCount(vehicleA, '2026-04-10', 'view', 9);
  await t.make.update.statisticCount(vehicleOfNormal, '2026-04-10', 'view', 1);
});

const chart = (user: SignedInUser, query: Record<string, string>) =>
  call(t.app, user.contentToken, 'GET', `/api/browser/v0/statistics/chart?${new URLSearchParams(query)}`);
const csv = (user: SignedInUser, query: Record<string, string>) =>
  call(t.app, user.contentToken, 'GET', `/api/browser/v0/statistics/chart/csv?${new URLSearchParams(query)}`);

describe('another company', () => {
  it.each(['sup', 'admin', 'normal'] as const)('%s of company B sees no count of company A', async (role) => {
    const res = await chart(b[role], PERIOD);
    expect(res.statusCode).toBe(200);
    expect(res.json().totals.view).toBe(0);
    const file = await csv(b[role], PERIOD);
    expect(file.body).not.toContain('SECRET-A');
    expect(file.body.split('\r\n').filter((l) => l !== '')).toHaveLength(1);
  });

  it.each(['sup', 'admin', 'normal'] as const)("%s of company B naming A's vehicle gets not_found", async (role) => {
    for (const ask of [chart, csv]) {
      const res = await ask(b[role], { ...PERIOD, content_ids: vehicleA });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('SECRET-A');
    }
  });
});

describe('inside company A', () => {
  it('super sees every vehicle; a normal user their own only', async () => {
    expect((await chart(a.sup, PERIOD)).json().totals.view).toBe(10);
    expect((await chart(a.normal, PERIOD)).json().totals.view).toBe(1);
    expect((await chart(a.normal, { ...PERIOD, content_ids: vehicleA })).statusCode).toBe(404);
  });

  it('needs a content token', async () => {
    expect((await chart({ ...a.sup, contentToken: '' }, PERIOD)).statusCode).toBe(401);
  });
});
