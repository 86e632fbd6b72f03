import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { domainBody, nextCompanyCode, type SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';
import { activationLink } from '../helpers/mail.ts';
import { tenantSnapshot } from '../helpers/snapshot.ts';
import { createDomain } from './create-domain.ts';

const t = useTestApp();
let master: SignedInUser;

beforeAll(async () => {
  master = await t.make.master();
});

describe('POST /v1/domain', () => {
  it('registers the domain, its headquarters and its super user waiting for activation, and mails the link', async () => {
    const { body, domain } = await createDomain(t, master, {
      host_flags: ['bike', 'auction'],
      options: { vehicle_limit: 50 },
    });
    expect(domain).toMatchObject({
      host: body.host,
      company_code: body.company_code,
      service_name: body.service_name,
      host_flags: ['bike', 'auction'],
      status: 'active',
      vehicle_limit: 50,
      registered_vehicles: 0,
      activation_mail_sent: true,
      main_company: { name: body.service_name },
      super_users: [{ email: body.super_user.email, name: body.super_user.name, status: 'approval_pending' }],
    });
    expect(domain.options).toMatchObject({ vehicle_limit: 50, exterior_frame_count: 36, is_user_add: true });

    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', body.super_user.email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ privilege_type: 'super', status: 'approval_pending', domain_id: domain.id });
    const company = await t.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', user.company_id!)
      .executeTakeFirstOrThrow();
    expect(company).toMatchObject({ kind: 'headquarters', domain_id: domain.id, parent_company_id: null });

    // The link carries a token whose digest is the stored one-time activation row.
    const link = await activationLink(t.mailDir, body.super_user.email);
    expect(link).toMatch(/^http:\/\/console\.test\/user\/activation\/[A-Za-z0-9_-]{43}$/);
    const token = link!.split('/').at(-1)!;
    const row = await t.db
      .selectFrom('one_time_tokens')
      .selectAll()
      .where('token_hash', '=', createHash('sha256').update(token).digest())
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: user.id, purpose: 'activation', used_at: null });
  });

  it('normalises the host and refuses repeated hyphens with the rule named', async () => {
    const ok = await createDomain(t, master, { host: `  Shop-${nextCompanyCode()}.Example.TEST. ` });
    expect(ok.domain.host).toMatch(/^shop-\d{4}\.example\.test$/);

    const res = await call(t.app, master.token, 'POST', '/v1/domain', domainBody({ host: 'my--shop.example.test' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      fields: [expect.objectContaining({ field: 'host', rule: 'no_repeated_hyphens' })],
    });
  });

  it('refuses a host in use, in any letter case, with domain_in_use', async () => {
    const { body } = await createDomain(t, master);
    const res = await call(t.app, master.token, 'POST', '/v1/domain', domainBody({ host: body.host.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'domain_in_use',
      fields: [expect.objectContaining({ field: 'host' })],
    });
  });

  it('needs a registered admin: without a super user nothing is created', async () => {
    const body = domainBody();
    const { super_user: _none, ...withoutAdmin } = body;
    const res = await call(t.app, master.token, 'POST', '/v1/domain', withoutAdmin);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'domain_admin_not_registered',
      fields: [expect.objectContaining({ field: 'super_user', rule: 'required' })],
    });
    expect(await t.db.selectFrom('domains').select('id').where('host', '=', body.host).execute()).toEqual([]);
  });

  it('refuses a company code or an e-mail already used, and creates nothing', async () => {
    const { body } = await createDomain(t, master);
    const sameCode = domainBody({ company_code: body.company_code });
    const res = await call(t.app, master.token, 'POST', '/v1/domain', sameCode);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'company_code_in_use',
      user_message: 'This company code is already used by another domain.',
      fields: [expect.objectContaining({ field: 'company_code', rule: 'unique' })],
    });

    const sameEmail = domainBody({ super_user: { email: body.super_user.email.toUpperCase(), name: 'Again' } });
    const again = await call(t.app, master.token, 'POST', '/v1/domain', sameEmail);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'email_already_registered' });
    for (const host of [sameCode.host, sameEmail.host]) {
      expect(await t.db.selectFrom('domains').select('id').where('host', '=', host).execute()).toEqual([]);
    }
  });

  it('checks options with the domain rules, naming each field', async () => {
    const res = await call(
      t.app,
      master.token,
      'POST',
      '/v1/domain',
      domainBody({ options: { vehicle_limit: -1, exterior_size: '8k', no_such_option: true } }),
    );
    expect(res.statusCode).toBe(422);
    const fields = res.json().error.fields as { field: string; rule: string }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'options.vehicle_limit', rule: 'range' }),
        expect.objectContaining({ field: 'options.exterior_size', rule: 'one_of' }),
        expect.objectContaining({ field: 'options.no_such_option', rule: 'unknown_field' }),
      ]),
    );
  });
});

describe('reading domains', () => {
  it('lists with paging and search, searches, reads by id and by company code', async () => {
    const a = await createDomain(t, master, { service_name: 'Zebra Motors' });
    await createDomain(t, master);
    await createDomain(t, master);

    const page = await call(t.app, master.token, 'GET', '/v1/domain?page=1&limit=10');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ page: 1, limit: 10 });
    expect(page.json().total).toBeGreaterThanOrEqual(4);

    const second = await call(t.app, master.token, 'GET', `/v1/domain?page=2&limit=10`);
    expect(second.statusCode).toBe(200);
    const bad = await call(t.app, master.token, 'GET', '/v1/domain?limit=7');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual([expect.objectContaining({ field: 'limit', rule: 'one_of' })]);

    const found = await call(t.app, master.token, 'GET', '/v1/domain?q=zebra');
    expect(found.json().items.map((d: { id: string }) => d.id)).toEqual([a.domain.id]);
    // Wildcards typed by a user are literal.
    expect((await call(t.app, master.token, 'GET', '/v1/domain?q=%25')).json().total).toBe(0);

    const search = await call(t.app, master.token, 'GET', `/v1/domain/search/${a.body.company_code}`);
    expect(search.json().items).toEqual([expect.objectContaining({ id: a.domain.id })]);

    const byId = await call(t.app, master.token, 'GET', `/v1/domain/${a.domain.id}`);
    expect(byId.json()).toMatchObject({ id: a.domain.id, options: expect.any(Object) });
    const byCode = await call(t.app, master.token, 'GET', `/v1/domain/code/${a.body.company_code}`);
    expect(byCode.json()).toMatchObject({ id: a.domain.id });

    const unknown = await call(t.app, master.token, 'GET', '/v1/domain/999999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('domain_not_registered');
    expect((await call(t.app, master.token, 'GET', '/v1/domain/code/9999')).json().error.code).toBe(
      'domain_not_registered',
    );
  });

  it('answers whether a host can be registered', async () => {
    const { body } = await createDomain(t, master);
    const free = await call(t.app, master.token, 'GET', '/v1/domain/duplicate-check/New-Host.example.test');
    expect(free.json()).toEqual({ available: true, host: 'new-host.example.test' });
    const used = await call(t.app, master.token, 'GET', `/v1/domain/duplicate-check/${body.host}`);
    expect(used.json()).toMatchObject({ available: false, reason: 'domain_in_use' });
    const invalid = await call(t.app, master.token, 'GET', '/v1/domain/duplicate-check/a--b.example.test');
    expect(invalid.json()).toMatchObject({
      available: false,
      reason: 'invalid_host',
      fields: [expect.objectContaining({ field: 'host', rule: 'no_repeated_hyphens' })],
    });
    const code = await call(
      t.app,
      master.token,
      'GET',
      `/v1/domain/duplicate-check/other.example.test?company_code=${body.company_code}`,
    );
    expect(code.json()).toMatchObject({ available: false, reason: 'company_code_in_use' });
  });
});

describe('POST /v1/domain/{id}', () => {
  it('changes options for the domain users at their next request', async () => {
    const host = 'options-live.example.test';
    const user = await t.make.signedIn({ privilege_type: 'super', domain: { host, companyCode: nextCompanyCode() } });
    const before = await call(t.app, user.token, 'GET', '/v1/profile');
    expect(before.json().domain.options.option_data).toBe(false);

    const res = await call(t.app, master.token, 'POST', `/v1/domain/${user.domainId}`, {
      options: { option_data: true, hotspot_app: true },
      host_flags: ['bike_sensor'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().options).toMatchObject({ option_data: true, hotspot_app: true });

    const after = await call(t.app, user.token, 'GET', '/v1/profile');
    expect(after.json().domain.options).toMatchObject({ option_data: true, hotspot_app: true });
    expect(after.json().domain.host_flags).toEqual(['bike_sensor']);
  });

  it('keeps the options not sent and checks rules across options', async () => {
    const { domain } = await createDomain(t, master, { options: { exterior_frame_count: 72, obvr_rows_max: 3 } });
    const ok = await call(t.app, master.token, 'POST', `/v1/domain/${domain.id}`, { options: { obvr_initial_row: 2 } });
    expect(ok.json().options).toMatchObject({ exterior_frame_count: 72, obvr_rows_max: 3, obvr_initial_row: 2 });

    const refused = await call(t.app, master.token, 'POST', `/v1/domain/${domain.id}`, {
      options: { two_step_auth_enforced: true },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual([
      expect.objectContaining({ field: 'options.two_step_auth_enforced', rule: 'requires' }),
    ]);
  });

  it('refuses a vehicle limit below the vehicles registered, counting the vehicles the limits count (not sleeping or deleted ones)', async () => {
    const host = 'vehicles.example.test';
    const code = nextCompanyCode();
    const tenant = await t.make.tenant({ host, companyCode: code });
    const owner = await t.make.signedIn({ tenant, privilege_type: 'super' });
    const other = await t.make.signedIn({ tenant, privilege_type: 'admin' });
    await t.make.vehicles({ id: owner.id, domainId: owner.domainId }, { count: 3 });
    await t.make.vehicles({ id: owner.id, domainId: owner.domainId }, { count: 1, publication: 'deleted' });
    await t.make.vehicles({ id: owner.id, domainId: owner.domainId }, { count: 2, publication: 'sleeping' });
    await t.make.vehicles({ id: other.id, domainId: owner.domainId }, { count: 1 });
    await t.make.vehicles({ id: owner.id, domainId: owner.domainId }, { count: 2, publication: 'permanently_deleted' });

    const counts = await call(t.app, master.token, 'GET', `/v1/domain/max-contents/${owner.domainId}`);
    expect(counts.json()).toEqual({
      domain_id: owner.domainId,
      vehicle_limit: null,
      limit_mode: 'per_domain',
      registered_vehicles: 4,
      max_registered_per_user: 3,
      remaining: null,
    });

    const before = await tenantSnapshot(t.db, 'domains', owner.domainId);
    const low = await call(t.app, master.token, 'POST', `/v1/domain/${owner.domainId}`, {
      options: { vehicle_limit: 3 },
    });
    expect(low.statusCode).toBe(409);
    expect(low.json().error).toMatchObject({
      code: 'domain_limit_below_registered',
      fields: [expect.objectContaining({ field: 'options.vehicle_limit', rule: 'range' })],
    });
    expect(await tenantSnapshot(t.db, 'domains', owner.domainId)).toBe(before);

    const equal = await call(t.app, master.token, 'POST', `/v1/domain/${owner.domainId}`, {
      options: { vehicle_limit: 4 },
    });
    expect(equal.statusCode).toBe(200);
    expect((await call(t.app, master.token, 'GET', `/v1/domain/max-contents/${owner.domainId}`)).json()).toMatchObject({
      vehicle_limit: 4,
      remaining: 0,
    });

    // Per user, the limit bounds each user's vehicles: it must cover the busiest user (3), not the total.
    const perUser = await call(t.app, master.token, 'POST', `/v1/domain/${owner.domainId}`, {
      options: { limit_mode: 'per_user', vehicle_limit: 3 },
    });
    expect(perUser.statusCode).toBe(200);
    const perUserLow = await call(t.app, master.token, 'POST', `/v1/domain/${owner.domainId}`, {
      options: { vehicle_limit: 2 },
    });
    expect(perUserLow.json().error.code).toBe('domain_limit_below_registered');
  });

  it('may change the host under the same rules, and never the company code', async () => {
    const { domain } = await createDomain(t, master);
    const { body: taken } = await createDomain(t, master);
    const moved = await call(t.app, master.token, 'POST', `/v1/domain/${domain.id}`, {
      host: 'Moved-Host.example.test',
    });
    expect(moved.json().host).toBe('moved-host.example.test');
    const clash = await call(t.app, master.token, 'POST', `/v1/domain/${domain.id}`, { host: taken.host });
    expect(clash.json().error.code).toBe('domain_in_use');
    const code = await call(t.app, master.token, 'POST', `/v1/domain/${domain.id}`, { company_code: '1234' });
    expect(code.statusCode).toBe(422);
    expect(code.json().error.fields).toEqual([
      expect.objectContaining({ field: 'company_code', rule: 'unknown_field' }),
    ]);
  });
});
