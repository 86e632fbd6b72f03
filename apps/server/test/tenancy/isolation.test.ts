import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { nextCompanyCode, type SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';
import { base64, png } from '../helpers/pictures.ts';
import { tenantSnapshot } from '../helpers/snapshot.ts';

/**
 * Tenant isolation for every tenancy route: users of domain B (super, admin, normal) try domain A's companies
 * and settings. Each attempt is answered 403 or 404 (or, on B's own resources, refused without naming A's), and
 * afterwards A's rows are byte for byte what they were.
 */

const t = useTestApp();
let superA: SignedInUser;
let codeA: string;
let hqA: string;
let hq2A: string;
let branchA: string;
const others: { role: string; user: SignedInUser }[] = [];
let branchB: string;

beforeAll(async () => {
  await t.make.master();
  codeA = nextCompanyCode();
  superA = await t.make.signedIn({
    privilege_type: 'super',
    domain: { host: 'tenant-a.example.test', companyCode: codeA },
  });
  hqA = superA.tenant.companyId;
  hq2A = (await call(t.app, superA.token, 'POST', '/v1/headquarters', { name: 'A second HQ' })).json().id;
  branchA = (
    await call(t.app, superA.token, 'POST', '/v1/branches', { name: 'A branch', headquarters_id: hq2A })
  ).json().id;
  await call(t.app, superA.token, 'POST', '/v1/company/logo', { image: base64(await png(64, 32)) });

  const hostB = 'tenant-b.example.test';
  const tenantB = await t.make.tenant({ host: hostB, companyCode: nextCompanyCode() });
  for (const role of ['super', 'admin', 'normal'] as const) {
    others.push({ role, user: await t.make.signedIn({ tenant: tenantB, privilege_type: role }) });
  }
  const superB = others[0]!.user;
  branchB = (
    await call(t.app, superB.token, 'POST', '/v1/branches', { name: 'B branch', headquarters_id: superB.companyId })
  ).json().id;
});

async function stateOfA(): Promise<string[]> {
  return [
    await tenantSnapshot(t.db, 'domains', superA.domainId),
    await tenantSnapshot(t.db, 'companies', superA.domainId),
    await tenantSnapshot(t.db, 'users', superA.domainId),
  ];
}

describe('tenant isolation of the tenancy routes', () => {
  it("answers 403 or 404 to another domain's users on every route aimed at domain A, and changes nothing", async () => {
    const before = await stateOfA();
    const image = base64(await png(488, 110));
    const small = base64(await png(100, 100));
    const aimedAtA: [string, string, unknown?][] = [
      ['GET', `/v1/headquarters/${hqA}`],
      ['GET', `/v1/headquarters/${hq2A}`],
      ['POST', `/v1/headquarters/${hqA}`, { name: 'Taken' }],
      ['POST', '/v1/headquarters', { name: 'Planted', domain_id: superA.domainId }],
      ['GET', `/v1/branches?headquarters_id=${hq2A}`],
      ['POST', '/v1/branches', { name: 'Planted', headquarters_id: hq2A }],
      ['GET', `/v1/branches/${branchA}`],
      ['POST', `/v1/branches/${branchA}`, { name: 'Taken' }],
      ['GET', '/v1/domain'],
      ['GET', `/v1/domain/${superA.domainId}`],
      ['GET', `/v1/domain/max-contents/${superA.domainId}`],
      ['GET', '/v1/domain/search/tenant-a'],
      ['GET', '/v1/domain/duplicate-check/tenant-a.example.test'],
      ['POST', `/v1/domain/${superA.domainId}`, { options: { is_user_add: false } }],
      ['POST', '/v1/domain-update', { domain_ids: [superA.domainId], options: { is_user_add: false } }],
      ['POST', `/v1/domain/${superA.domainId}/logo`, { image }],
      ['DELETE', `/v1/domain/${superA.domainId}/logo`],
      ['POST', `/v1/domain/${superA.domainId}/splash`, { image: small }],
      ['DELETE', `/v1/domain/${superA.domainId}/splash`],
      ['POST', `/v1/domain/${superA.domainId}/round-logo`, { image: small }],
      ['DELETE', `/v1/domain/${superA.domainId}/round-logo`],
      ['GET', `/v1/domain/code/${codeA}`],
      ['DELETE', `/v1/domain/${superA.domainId}`],
    ];
    for (const { role, user } of others) {
      for (const [method, url, payload] of aimedAtA) {
        const res = await call(t.app, user.token, method as 'GET', url, payload);
        // A super of B manages headquarters and branches in B, so on A's only invisibility can refuse: 404, never 403
        // (which would confirm the id exists). Domain routes are master's: other roles get 403 or 404.
        const onCompaniesOfA = url.startsWith('/v1/headquarters/') || url.startsWith('/v1/branches');
        const refusals = role === 'super' && onCompaniesOfA ? [404] : [403, 404];
        expect(refusals, `${role}: ${method} ${url} -> ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      }
    }
    expect(await stateOfA()).toEqual(before);
  });

  it("never lists domain A's companies to domain B, whatever B asks for", async () => {
    const superB = others[0]!.user;
    const idsOf = (res: { json(): { items: { id: string }[] } }) => res.json().items.map((c) => c.id);
    const hq = await call(t.app, superB.token, 'GET', `/v1/headquarters?limit=300&domain_id=${superA.domainId}`);
    expect(hq.statusCode).toBe(200);
    expect(idsOf(hq)).not.toContain(hqA);
    expect(idsOf(hq)).toContain(superB.companyId);
    for (const query of ['', `&domain_id=${superA.domainId}`]) {
      const branches = await call(t.app, superB.token, 'GET', `/v1/branches?limit=300${query}`);
      expect(idsOf(branches)).toEqual([branchB]);
    }
  });

  it("refuses to hang B's branch under A's headquarters without revealing it, and changes neither", async () => {
    const superB = others[0]!.user;
    const before = await stateOfA();
    const beforeB = await tenantSnapshot(t.db, 'companies', superB.domainId);
    const res = await call(t.app, superB.token, 'POST', `/v1/branches/${branchB}`, { headquarters_id: hq2A });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'headquarters_id', rule: 'one_of' })]);
    expect(await stateOfA()).toEqual(before);
    expect(await tenantSnapshot(t.db, 'companies', superB.domainId)).toBe(beforeB);
  });

  it("keeps B's own-company routes on B's company: info, edit and logo never reach A", async () => {
    const before = await stateOfA();
    const superB = others[0]!.user;
    const info = await call(t.app, superB.token, 'GET', '/v1/companyinfo');
    expect(info.json().company.id).toBe(superB.companyId);
    expect((await call(t.app, superB.token, 'POST', '/v1/company', { name: 'B renamed' })).json().id).toBe(
      superB.companyId,
    );
    const logo = await call(t.app, superB.token, 'POST', '/v1/company/logo', { image: base64(await png(20, 20)) });
    expect(logo.json().id).toBe(superB.companyId);
    expect((await call(t.app, superB.token, 'DELETE', '/v1/company/logo')).json().id).toBe(superB.companyId);
    expect(await stateOfA()).toEqual(before);
    // A's sidebar logo is still A's.
    const codeA = (await call(t.app, undefined, 'GET', '/v1/companycode/tenant-a.example.test')).json().company_code;
    const served = await t.app.inject({ method: 'GET', url: `/svnmedia/images/logos/company_logo_${codeA}.png` });
    expect(served.statusCode).toBe(200);
  });
});
