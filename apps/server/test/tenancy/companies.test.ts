import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { nextCompanyCode, type SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';
import { tenantSnapshot } from '../helpers/snapshot.ts';

const t = useTestApp();
let master: SignedInUser;
let superUser: SignedInUser;
let admin: SignedInUser;
let normal: SignedInUser;
const host = 'company-dealer.example.test';

beforeAll(async () => {
  master = await t.make.master();
  const code = nextCompanyCode();
  const tenant = await t.make.tenant({ host, companyCode: code });
  superUser = await t.make.signedIn({ tenant, privilege_type: 'super' });
  admin = await t.make.signedIn({ tenant, privilege_type: 'admin' });
  normal = await t.make.signedIn({ tenant, privilege_type: 'normal' });
});

const address = {
  name: 'Spinyard Motors Shibuya',
  corporate_code: 'CORP-01',
  store_code: 'S-001',
  zip1: '150',
  zip2: '0002',
  prefecture: 13,
  city: 'Shibuya-ku',
  street: '2-21-1 Shibuya',
  tel: '03-1234-5678',
  country: 'jp',
};

describe('headquarters', () => {
  it('super creates, lists, reads and updates the headquarters of their domain', async () => {
    // A name of its own: another test gives the domain's own company this address, and the search below must find
    // this headquarters alone whatever ran before.
    const hq = { ...address, name: 'Spinyard Motors Harajuku' };
    const created = await call(t.app, superUser.token, 'POST', '/v1/headquarters', hq);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      ...hq,
      country: 'JP',
      kind: 'headquarters',
      domain_id: superUser.domainId,
      headquarters_id: null,
      logo_url: null,
    });
    const id = created.json().id as string;

    const list = await call(t.app, superUser.token, 'GET', '/v1/headquarters?limit=30');
    expect(list.statusCode).toBe(200);
    const items = list.json().items as { id: string; domain_id: string; branch_count: number }[];
    expect(items.map((c) => c.id)).toContain(id);
    expect(items.every((c) => c.domain_id === superUser.domainId)).toBe(true);
    expect((await call(t.app, superUser.token, 'GET', '/v1/headquarters?q=harajuku')).json().items).toEqual([
      expect.objectContaining({ id }),
    ]);

    const updated = await call(t.app, superUser.token, 'POST', `/v1/headquarters/${id}`, { tel: '03-0000-0000' });
    expect(updated.statusCode).toBe(200);
    // Fields not sent keep their values.
    expect(updated.json()).toMatchObject({ tel: '03-0000-0000', city: 'Shibuya-ku', zip1: '150' });
    expect((await call(t.app, superUser.token, 'GET', `/v1/headquarters/${id}`)).json().tel).toBe('03-0000-0000');
  });

  it('master creates a headquarters in a chosen domain and lists any domain', async () => {
    const missing = await call(t.app, master.token, 'POST', '/v1/headquarters', { name: 'No domain' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields).toEqual([expect.objectContaining({ field: 'domain_id', rule: 'required' })]);

    const res = await call(t.app, master.token, 'POST', '/v1/headquarters', {
      name: 'By the operator',
      domain_id: superUser.domainId,
    });
    expect(res.statusCode).toBe(201);
    const list = await call(t.app, master.token, 'GET', `/v1/headquarters?domain_id=${superUser.domainId}&limit=50`);
    expect(list.json().items.map((c: { id: string }) => c.id)).toContain(res.json().id);
  });

  it('admin and normal users may not manage companies', async () => {
    for (const user of [admin, normal]) {
      expect((await call(t.app, user.token, 'GET', '/v1/headquarters')).statusCode).toBe(403);
      expect((await call(t.app, user.token, 'POST', '/v1/headquarters', { name: 'X' })).statusCode).toBe(403);
      expect((await call(t.app, user.token, 'GET', '/v1/branches')).statusCode).toBe(403);
    }
  });
});

describe('branches', () => {
  it('belong to a headquarters of the same domain; super creates, reads, updates and moves them', async () => {
    const hq1 = (await call(t.app, superUser.token, 'POST', '/v1/headquarters', { name: 'North HQ' })).json();
    const hq2 = (await call(t.app, superUser.token, 'POST', '/v1/headquarters', { name: 'South HQ' })).json();
    const created = await call(t.app, superUser.token, 'POST', '/v1/branches', {
      name: 'North branch',
      headquarters_id: hq1.id,
      prefecture: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ kind: 'branch', headquarters_id: hq1.id, domain_id: superUser.domainId });
    const id = created.json().id as string;

    expect((await call(t.app, superUser.token, 'GET', `/v1/branches/${id}`)).json()).toMatchObject({
      name: 'North branch',
    });
    const listed = await call(t.app, superUser.token, 'GET', `/v1/branches?headquarters_id=${hq1.id}`);
    expect(listed.json().items).toEqual([expect.objectContaining({ id })]);
    const hqList = (await call(t.app, superUser.token, 'GET', '/v1/headquarters?q=North')).json().items;
    expect(hqList).toEqual([expect.objectContaining({ id: hq1.id, branch_count: 1 })]);

    const moved = await call(t.app, superUser.token, 'POST', `/v1/branches/${id}`, {
      headquarters_id: hq2.id,
      city: 'Naha',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ headquarters_id: hq2.id, city: 'Naha', prefecture: 1 });

    // A branch is not a headquarters, and the other way round.
    expect((await call(t.app, superUser.token, 'GET', `/v1/headquarters/${id}`)).statusCode).toBe(404);
    expect((await call(t.app, superUser.token, 'GET', `/v1/branches/${hq1.id}`)).statusCode).toBe(404);
    const underBranch = await call(t.app, superUser.token, 'POST', '/v1/branches', { name: 'x', headquarters_id: id });
    expect(underBranch.statusCode).toBe(404);
  });

  it("master may not move a branch under another domain's headquarters", async () => {
    const other = await t.make.signedIn({
      privilege_type: 'super',
      domain: { host: 'other-branch-domain.example.test', companyCode: nextCompanyCode() },
    });
    const hq = (await call(t.app, superUser.token, 'POST', '/v1/headquarters', { name: 'Move HQ' })).json();
    const branch = (
      await call(t.app, superUser.token, 'POST', '/v1/branches', { name: 'Stays', headquarters_id: hq.id })
    ).json();
    const before = await tenantSnapshot(t.db, 'companies', superUser.domainId);
    const res = await call(t.app, master.token, 'POST', `/v1/branches/${branch.id}`, {
      headquarters_id: other.companyId,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'headquarters_id', rule: 'one_of' })]);
    expect(await tenantSnapshot(t.db, 'companies', superUser.domainId)).toBe(before);
  });
  it('master lists the branches of every domain or narrows to one with domain_id; a super stays in their own', async () => {
    const other = await t.make.signedIn({
      privilege_type: 'super',
      domain: { host: 'branch-filter-domain.example.test', companyCode: nextCompanyCode() },
    });
    const branchOf = async (user: SignedInUser, name: string) =>
      (await call(t.app, user.token, 'POST', '/v1/branches', { name, headquarters_id: user.companyId })).json()
        .id as string;
    const ours = await branchOf(superUser, 'Filter ours');
    const theirs = await branchOf(other, 'Filter theirs');
    const list = async (user: SignedInUser, query: string) => {
      const res = await call(t.app, user.token, 'GET', `/v1/branches?limit=300${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as { id: string; domain_id: string }[];
    };
    const ids = (items: { id: string }[]) => items.map((c) => c.id);

    expect(ids(await list(master, ''))).toEqual(expect.arrayContaining([ours, theirs]));
    const narrowed = await list(master, `&domain_id=${other.domainId}`);
    expect(ids(narrowed)).toContain(theirs);
    expect(narrowed.every((c) => c.domain_id === other.domainId)).toBe(true);
    // Both filters apply: a headquarters outside the named domain lists nothing.
    expect(await list(master, `&domain_id=${other.domainId}&headquarters_id=${superUser.companyId}`)).toEqual([]);

    // A super naming another domain still gets only their own domain's branches.
    const asSuper = await list(superUser, `&domain_id=${other.domainId}`);
    expect(ids(asSuper)).toContain(ours);
    expect(asSuper.every((c) => c.domain_id === superUser.domainId)).toBe(true);

    const bad = await call(t.app, master.token, 'GET', '/v1/branches?domain_id=abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual([expect.objectContaining({ field: 'domain_id', rule: 'format' })]);
  });
});

describe('/companyinfo/info and /company/edit', () => {
  it("shows the caller's company to super and admin, not to normal users", async () => {
    const info = await call(t.app, superUser.token, 'GET', '/v1/companyinfo');
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      company: { id: superUser.companyId },
      headquarters: null,
      domain: { host },
    });
    expect((await call(t.app, admin.token, 'GET', '/v1/companyinfo')).json().company.id).toBe(admin.companyId);
    expect((await call(t.app, normal.token, 'GET', '/v1/companyinfo')).statusCode).toBe(403);
  });

  it('lets super edit their company with the address rules', async () => {
    const res = await call(t.app, superUser.token, 'POST', '/v1/company', address);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...address, country: 'JP' });
    const partial = await call(t.app, superUser.token, 'POST', '/v1/company', { credit_notation: 'SPINYARD' });
    expect(partial.json()).toMatchObject({ credit_notation: 'SPINYARD', zip1: '150', prefecture: 13 });
  });

  it.each([
    [{ prefecture: 48 }, 'prefecture', 'range'],
    [{ prefecture: 0 }, 'prefecture', 'range'],
    [{ zip1: '15', zip2: '0002' }, 'zip1', 'format'],
    [{ zip1: '150', zip2: '00002' }, 'zip2', 'format'],
    [{ zip1: '', zip2: '0002' }, 'zip1', 'required'],
    [{ tel: '03--1234' }, 'tel', 'format'],
    [{ name: '' }, 'name', 'required'],
    [{ nickname: 'x' }, 'nickname', 'unknown_field'],
  ])('refuses %j on %s with %s and changes nothing', async (body, field, rule) => {
    const before = await tenantSnapshot(t.db, 'companies', superUser.domainId);
    const res = await call(t.app, superUser.token, 'POST', '/v1/company', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation_failed' });
    expect(res.json().error.fields).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule })]));
    expect(await tenantSnapshot(t.db, 'companies', superUser.domainId)).toBe(before);
  });

  it('is for super only: admin and normal users are refused and nothing changes', async () => {
    for (const user of [admin, normal]) {
      const before = await tenantSnapshot(t.db, 'companies', superUser.domainId);
      const res = await call(t.app, user.token, 'POST', '/v1/company', { name: 'Taken over' });
      expect(res.statusCode).toBe(403);
      expect(await tenantSnapshot(t.db, 'companies', superUser.domainId)).toBe(before);
    }
  });

  it('lets a product-branded admin (product domain, paying by card) update their own company', async () => {
    const branded = await t.make.signedIn({ tenant: master.tenant, privilege_type: 'admin', is_pay_by_credit: true });
    const res = await call(t.app, branded.token, 'POST', '/v1/company', { name: 'My own dealership' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: branded.companyId, name: 'My own dealership' });
  });
});
