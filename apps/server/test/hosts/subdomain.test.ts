import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

// `/subdomain`: a company's subdomain under its tenant's host, and the host lookup that follows it.
const t = useTestApp();
const V0 = '/api/browser/v0';
let superUser: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  superUser = await t.make.signedIn({ privilege_type: 'super', domain: { host: 'bikes.example.test' } });
  admin = await t.make.signedIn({ tenant: superUser.tenant, privilege_type: 'admin' });
});

describe('/subdomain', () => {
  it('lets super set their company’s subdomain, and the host then answers the tenant’s brand', async () => {
    expect((await call(t.app, superUser.contentToken, 'GET', `${V0}/subdomain`)).json()).toMatchObject({
      company_id: superUser.companyId,
      subdomain: '',
      domain_host: 'bikes.example.test',
      host: null,
      editable: true,
    });
    const set = await call(t.app, superUser.contentToken, 'POST', `${V0}/subdomain`, { subdomain: 'Shibuya' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ subdomain: 'shibuya', host: 'shibuya.bikes.example.test' });

    const brand = await t.app.inject({ method: 'GET', url: '/v1/companycode/shibuya.bikes.example.test' });
    expect(brand.json().company_code).toBe(superUser.tenant.companyCode);
    const unknown = await t.app.inject({ method: 'GET', url: '/v1/companycode/nowhere.bikes.example.test' });
    expect(unknown.json().company_code).toBe('0006');
  });

  it('refuses a bad label and a label another company of the domain has, naming the field', async () => {
    const bad = await call(t.app, superUser.contentToken, 'POST', `${V0}/subdomain`, { subdomain: 'a--b' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0]).toMatchObject({ field: 'subdomain' });

    const branch = await t.make.company({ domainId: superUser.domainId, parentCompanyId: superUser.companyId ?? '' });
    await call(t.app, superUser.contentToken, 'POST', `${V0}/subdomain`, { subdomain: 'ebisu' });
    const taken = await call(t.app, superUser.contentToken, 'POST', `${V0}/subdomain`, {
      subdomain: 'ebisu',
      company_id: branch.id,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields[0]).toMatchObject({ field: 'subdomain', rule: 'unique' });
  });

  it('lets an admin read but not change it', async () => {
    const read = await call(t.app, admin.contentToken, 'GET', `${V0}/subdomain`);
    expect(read.json()).toMatchObject({ editable: false });
    const refused = await call(t.app, admin.contentToken, 'POST', `${V0}/subdomain`, { subdomain: 'admins' });
    expect(refused.statusCode).toBe(403);
  });
});
