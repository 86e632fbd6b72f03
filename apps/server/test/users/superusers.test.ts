import { beforeAll, describe, expect, it } from 'vitest';
import { tenancyRepo } from '../../src/modules/tenancy/repo.ts';
import { useTestApp } from '../helpers/app.ts';
import { bearer, signIn } from '../helpers/http.ts';
import { activationLink } from '../helpers/mail.ts';

const t = useTestApp();
let master: Awaited<ReturnType<typeof t.make.master>>;
let masterHeaders: Record<string, string>;
beforeAll(async () => {
  master = await t.make.master();
  masterHeaders = master.headers;
});

async function activate(email: string) {
  const link = await activationLink(t.mailDir, email);
  expect(link).toBeDefined();
  const token = link?.split('/').pop() ?? '';
  const res = await t.app.inject({ url: `/v1/activation/activate/${token}` });
  expect(res.statusCode, res.body).toBe(200);
}

describe('POST /v1/superusers', () => {
  it('master registers a super user waiting for activation, with the activation mail', async () => {
    const tenant = await t.make.tenant();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/superusers',
      headers: { ...masterHeaders, origin: 'http://console.test' },
      payload: {
        domain_id: tenant.domainId,
        email: 'Boss@Dealer.test',
        name: 'Boss',
        password: 'initial-pass-1',
        car_limit: 500,
        is_pay_by_credit: false,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      activation_mail_sent: true,
      user: {
        email: 'boss@dealer.test',
        privilege_type: 'super',
        status: 'approval_pending',
        domain_id: tenant.domainId,
        company_id: tenant.companyId,
        car_limit: 500,
      },
    });
    // Not before activation; then with the password master gave.
    const early = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token',
      payload: { grant_type: 'password', username: 'boss@dealer.test', password: 'initial-pass-1' },
    });
    expect(early.statusCode).toBe(400);
    await activate('boss@dealer.test');
    expect((await signIn(t.app, 'boss@dealer.test', 'initial-pass-1')).statusCode).toBe(200);
  });

  it('creates the headquarters when the domain has none, and refuses a deleting domain', async () => {
    const domain = await t.make.domain({ host: 'bare.example.test', serviceName: 'Bare' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/superusers',
      headers: masterHeaders,
      payload: { domain_id: domain.id, email: 'bare@example.test', name: 'Bare', company_name: 'Bare Motors' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.company_name).toBe('Bare Motors');
    await tenancyRepo(t.db).markDomainDeleting(domain.id, new Date());
    const deleting = await t.app.inject({
      method: 'POST',
      url: '/v1/superusers',
      headers: masterHeaders,
      payload: { domain_id: domain.id, email: 'late@example.test', name: 'Late' },
    });
    expect(deleting.statusCode).toBe(409);
    expect(deleting.json().error.code).toBe('domain_deleting');
  });

  it('is the operator’s: a super user cannot register another', async () => {
    const tenant = await t.make.tenant();
    const sup = await t.make.user({ tenant, privilege_type: 'super' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/superusers',
      headers: (await t.make.session(sup)).headers,
      payload: { domain_id: tenant.domainId, email: 'second@example.test', name: 'Second' },
    });
    expect(res.statusCode).toBe(403);
    const list = await t.app.inject({ url: '/v1/superusers', headers: (await t.make.session(sup)).headers });
    expect(list.statusCode).toBe(403);
  });
});

describe('GET /v1/superusers', () => {
  it('lists, searches and filters super users by domain', async () => {
    const a = await t.make.tenant();
    const b = await t.make.tenant();
    const supA = await t.make.user({ tenant: a, privilege_type: 'super', name: 'Akihabara Motors' });
    await t.make.user({ tenant: b, privilege_type: 'super', name: 'Bunkyo Cars' });
    await t.make.user({ tenant: a, privilege_type: 'admin', name: 'Akihabara Admin' });
    const search = await t.app.inject({ url: '/v1/superusers?q=akihabara', headers: masterHeaders });
    expect(search.json().items.map((u: { id: string }) => u.id)).toEqual([supA.id]);
    const byDomain = await t.app.inject({ url: `/v1/superusers?domain_id=${b.domainId}`, headers: masterHeaders });
    expect(byDomain.json().items.map((u: { name: string }) => u.name)).toEqual(['Bunkyo Cars']);
  });
});

describe('POST /v1/superusers/{id}', () => {
  it('master edits the contract fields; the super user only their own name and contact', async () => {
    const tenant = await t.make.tenant();
    const sup = await t.make.user({ tenant, privilege_type: 'super' });
    const byMaster = await t.app.inject({
      method: 'POST',
      url: `/v1/superusers/${sup.id}`,
      headers: masterHeaders,
      payload: { car_limit: 120, is_pay_by_credit: true },
    });
    expect(byMaster.json()).toMatchObject({ car_limit: 120, is_pay_by_credit: true });
    const headers = (await t.make.session(sup)).headers;
    const own = await t.app.inject({
      method: 'POST',
      url: `/v1/superusers/${sup.id}`,
      headers,
      payload: { name: 'New Name', phone: '03-1234-5678' },
    });
    expect(own.json()).toMatchObject({ name: 'New Name', phone: '03-1234-5678' });
    const limit = await t.app.inject({
      method: 'POST',
      url: `/v1/superusers/${sup.id}`,
      headers,
      payload: { car_limit: 9999 },
    });
    expect(limit.statusCode).toBe(403);
    const other = await t.make.user({ privilege_type: 'super' });
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/v1/superusers/${other.id}`,
      headers,
      payload: { name: 'Hijack' },
    });
    expect(foreign.statusCode).toBe(404);
    const notSuper = await t.make.user({ tenant, privilege_type: 'admin' });
    expect((await t.app.inject({ url: `/v1/superusers/${notSuper.id}`, headers })).statusCode).toBe(404);
  });
});

describe('GET /v1/superusers-user', () => {
  it('answers the super user of the caller’s company, through a branch to its headquarters', async () => {
    const tenant = await t.make.tenant();
    const sup = await t.make.user({ tenant, privilege_type: 'super', name: 'Head' });
    const branch = await t.make.company({
      domainId: tenant.domainId,
      name: 'Branch',
      parentCompanyId: tenant.companyId,
    });
    const admin = await t.make.user({ tenant, privilege_type: 'admin', company_id: branch.id });
    const normal = await t.make.user({
      tenant,
      privilege_type: 'normal',
      parent_user_id: admin.id,
      company_id: branch.id,
    });
    for (const user of [sup, admin, normal]) {
      const res = await t.app.inject({ url: '/v1/superusers-user', headers: (await t.make.session(user)).headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: sup.id, name: 'Head', company_id: tenant.companyId });
    }
    const lone = await t.make.tenant();
    const orphan = await t.make.user({ tenant: lone, privilege_type: 'admin' });
    expect(
      (await t.app.inject({ url: '/v1/superusers-user', headers: (await t.make.session(orphan)).headers })).statusCode,
    ).toBe(404);
  });
});

describe('POST /v1/superusers/cancel/{id}', () => {
  it('needs the terms accepted, then sets cancel_pending; service continues', async () => {
    const tenant = await t.make.tenant();
    const sup = await t.make.user({ tenant, privilege_type: 'super' });
    const headers = (await t.make.session(sup)).headers;
    const url = `/v1/superusers/cancel/${sup.id}`;
    const noTerms = await t.app.inject({ method: 'POST', url, headers, payload: { accept_terms: false } });
    expect(noTerms.statusCode).toBe(422);
    expect(noTerms.json().error.code).toBe('terms_not_accepted');
    const preview = await t.app.inject({ url: `${url}/preview`, headers });
    expect(preview.json().charges).toBeNull();
    const ok = await t.app.inject({ method: 'POST', url, headers, payload: { accept_terms: true } });
    expect(ok.json().status).toBe('cancel_pending');
    // Still signed in: cancel_pending keeps the service to the term end, which the profile names: the end of a
    // monthly term (from the activation) at least a month away.
    const profile = await t.app.inject({ url: '/v1/profile', headers });
    expect(profile.statusCode).toBe(200);
    const endsAt = new Date(profile.json().user.service_ends_at);
    // The preview named the end the cancellation then set (the same function, the same day).
    expect(preview.json().service_ends_at.slice(0, 10)).toBe(profile.json().user.service_ends_at.slice(0, 10));
    const monthAhead = new Date();
    monthAhead.setUTCMonth(monthAhead.getUTCMonth() + 1);
    expect(endsAt.getTime()).toBeGreaterThanOrEqual(monthAhead.getTime() - 60_000);
    expect(endsAt.getTime() - monthAhead.getTime()).toBeLessThan(32 * 86_400_000);
    const again = await t.app.inject({ method: 'POST', url, headers, payload: { accept_terms: true } });
    expect(again.statusCode).toBe(409);
    const admin = await t.make.user({ tenant, privilege_type: 'admin' });
    const byAdmin = await t.app.inject({
      method: 'POST',
      url,
      headers: (await t.make.session(admin)).headers,
      payload: { accept_terms: true },
    });
    expect(byAdmin.statusCode).toBe(404);
  });
});

describe('POST /v1/superusers-create (self-registration)', () => {
  it('registers a new customer company on the product domain, waiting for activation', async () => {
    const payload = {
      email: 'newcustomer@example.test',
      password: 'customer-pass-1',
      name: 'New Customer',
      company_name: 'Customer Cars',
      accept_terms: true,
    };
    const res = await t.app.inject({ method: 'POST', url: '/v1/superusers-create', payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'newcustomer@example.test',
      status: 'approval_pending',
      activation_mail_sent: true,
    });
    const row = await t.db
      .selectFrom('users as u')
      .innerJoin('companies as c', 'c.id', 'u.company_id')
      .select(['u.domain_id', 'u.privilege_type', 'u.is_pay_by_credit', 'c.name as company'])
      .where('u.id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      domain_id: master.tenant.domainId,
      privilege_type: 'admin',
      is_pay_by_credit: true,
      company: 'Customer Cars',
    });
    const again = await t.app.inject({ method: 'POST', url: '/v1/superusers-create', payload });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('email_already_registered');
    const noTerms = await t.app.inject({
      method: 'POST',
      url: '/v1/superusers-create',
      payload: { ...payload, email: 'other@example.test', accept_terms: false },
    });
    expect(noTerms.json().error.code).toBe('terms_not_accepted');

    await activate('newcustomer@example.test');
    const signedIn = await signIn(t.app, 'newcustomer@example.test', 'customer-pass-1');
    expect(signedIn.statusCode).toBe(200);
    const headers = bearer(signedIn.json().access_token);
    // A product-branded admin paying by card: their own account, no user management, and no view of others.
    expect((await t.app.inject({ url: '/v1/subordinates', headers })).statusCode).toBe(403);
    const peers = await t.app.inject({ url: '/v1/users', headers });
    expect(peers.json().items.map((u: { email: string }) => u.email)).toEqual(['newcustomer@example.test']);
  });
});
