import { CORPORATION_LIST_PAGE_SIZE } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/**
 * `/corporations` and `/corporation-contacts` on the server (issue 22, part 4): the headquarters and branch calls
 * list everything in one page of 99,999, and delete a company only when nothing points to it.
 */

const t = useTestApp();
let sup: SignedInUser;

beforeAll(async () => {
  sup = await t.make.signedIn({ privilege_type: 'super', domain: { hostFlags: ['dealer_brand'] } });
});

const create = async (path: string, payload: Record<string, unknown>) => {
  const res = await call(t.app, sup.token, 'POST', path, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const remove = (who: SignedInUser, path: string) => call(t.app, who.token, 'DELETE', path);

describe('corporation and location lists', () => {
  it('answer every row in one page of 99,999 and refuse other sizes by name', async () => {
    const hq = await create('/v1/headquarters', { name: 'Tokyo Motors', corporate_code: 'TM-01' });
    await create('/v1/branches', { name: 'Shinjuku', headquarters_id: hq, store_code: 'S-01' });
    const list = await call(t.app, sup.token, 'GET', `/v1/headquarters?limit=${CORPORATION_LIST_PAGE_SIZE}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ limit: 99999, total: 2 });
    const branches = await call(t.app, sup.token, 'GET', '/v1/branches?limit=99999');
    expect(branches.json().items).toEqual([
      expect.objectContaining({ name: 'Shinjuku', headquarters_name: 'Tokyo Motors' }),
    ]);
    const bad = await call(t.app, sup.token, 'GET', '/v1/branches?limit=99998');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0]).toMatchObject({ field: 'limit', rule: 'one_of' });
  });
});

describe('deleting corporations and locations', () => {
  it('deletes an unused location, then its corporation, and refuses one still in use', async () => {
    const hq = await create('/v1/headquarters', { name: 'Osaka Cars' });
    const base = await create('/v1/branches', { name: 'Namba', headquarters_id: hq });
    expect((await remove(sup, `/v1/headquarters/${hq}`)).json().error.code).toBe('company_in_use');
    const staff = await t.make.user({ tenant: sup.tenant, privilege_type: 'admin', company_id: base });
    const used = await remove(sup, `/v1/branches/${base}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().error.code).toBe('company_in_use');
    await t.make.update.user(staff.id, { company_id: sup.tenant.companyId });
    expect((await remove(sup, `/v1/branches/${base}`)).json()).toEqual({ deleted: 1 });
    expect((await remove(sup, `/v1/headquarters/${hq}`)).statusCode).toBe(200);
    expect((await call(t.app, sup.token, 'GET', `/v1/headquarters/${hq}`)).statusCode).toBe(404);
  });

  it("never deletes the domain's own company, a branch by the headquarters path, nor for other roles", async () => {
    const own = await remove(sup, `/v1/headquarters/${sup.tenant.companyId}`);
    expect(own.statusCode).toBe(409);
    expect(own.json().error.code).toBe('main_company_undeletable');
    const hq = await create('/v1/headquarters', { name: 'Nagoya' });
    const base = await create('/v1/branches', { name: 'Sakae', headquarters_id: hq });
    expect((await remove(sup, `/v1/headquarters/${base}`)).statusCode).toBe(404);
    const admin = await t.make.signedIn({ tenant: sup.tenant, privilege_type: 'admin' });
    expect((await remove(admin, `/v1/branches/${base}`)).statusCode).toBe(403);
    const other = await t.make.signedIn({ privilege_type: 'super' });
    expect((await remove(other, `/v1/branches/${base}`)).statusCode).toBe(404);
    expect((await remove(other, `/v1/headquarters/${hq}`)).statusCode).toBe(404);
  });
});
