import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { signIn } from '../helpers/http.ts';
import { newUser, post, team } from './team.ts';

const t = useTestApp();

describe('POST /v1/subordinates', () => {
  it('adds an admin and a normal user under it, active at once with the given password', async () => {
    const { tenant, headers } = await team(t);
    const admin = await post(t, headers, '/v1/subordinates', newUser('New.Admin@Example.test', 'admin', 'Aki'));
    expect(admin.statusCode, admin.body).toBe(201);
    expect(admin.json()).toMatchObject({
      email: 'new.admin@example.test',
      privilege_type: 'admin',
      status: 'active',
      domain_id: tenant.domainId,
      company_id: tenant.companyId,
      parent_user_id: null,
    });
    const normal = await post(t, headers, '/v1/subordinates', {
      email: 'staff@example.test',
      password: 'secret-pass-2',
      privilege_type: 'normal',
      name: 'Ben',
      admin_code: 'new.admin@example.test',
      company_section: 'Sales',
      car_limit: 5,
    });
    expect(normal.statusCode, normal.body).toBe(201);
    expect(normal.json()).toMatchObject({
      parent_user_id: admin.json().id,
      parent_email: 'new.admin@example.test',
      company_section: 'Sales',
      car_limit: 5,
    });
    // The new user signs in with the password the super chose.
    expect((await signIn(t.app, 'staff@example.test', 'secret-pass-2')).statusCode).toBe(200);
  });

  it('needs a parent admin of the same domain for a normal user', async () => {
    const { sup, headers } = await team(t);
    const base = newUser('x1@example.test', 'normal', 'X');
    const none = await post(t, headers, '/v1/subordinates', base);
    expect(none.statusCode).toBe(422);
    expect(none.json().error.code).toBe('privilege_change_parent_required');
    const notAdmin = await post(t, headers, '/v1/subordinates', { ...base, parent_user_id: sup.id });
    expect(notAdmin.statusCode).toBe(422);
    expect(notAdmin.json().error.code).toBe('privilege_change_invalid_parent');
    const other = await team(t);
    const foreign = await post(t, headers, '/v1/subordinates', { ...base, parent_user_id: other.admin.id });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a registered e-mail in any letter case, and weak passwords', async () => {
    const { admin, headers } = await team(t);
    const dup = await post(t, headers, '/v1/subordinates', newUser(admin.email.toUpperCase(), 'admin', 'D'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('email_already_registered');
    const weak = await post(
      t,
      headers,
      '/v1/subordinates',
      newUser('weak@example.test', 'admin', 'W', { password: 'short' }),
    );
    expect(weak.statusCode).toBe(422);
    expect(weak.json().error.fields[0].field).toBe('password');
  });

  it('lets an admin add normal users only under themself', async () => {
    const { tenant, admin } = await team(t);
    const otherAdmin = await t.make.user({ tenant, privilege_type: 'admin' });
    const headers = (await t.make.session(admin)).headers;
    const own = await post(t, headers, '/v1/subordinates', newUser('mine@example.test', 'normal', 'M'));
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().parent_user_id).toBe(admin.id);
    const elsewhere = await post(
      t,
      headers,
      '/v1/subordinates',
      newUser('theirs@example.test', 'normal', 'T', { parent_user_id: otherAdmin.id }),
    );
    expect(elsewhere.statusCode).toBe(403);
    const anAdmin = await post(t, headers, '/v1/subordinates', newUser('adm@example.test', 'admin', 'A'));
    expect(anAdmin.statusCode).toBe(403);
  });
});

describe('GET /v1/subordinates', () => {
  it('searches, filters, sorts and pages within the domain', async () => {
    const { tenant, admin, headers } = await team(t);
    for (let i = 0; i < 12; i++) {
      await t.make.user({
        tenant,
        privilege_type: 'normal',
        parent_user_id: admin.id,
        name: `Staff ${String(i).padStart(2, '0')}`,
      });
    }
    const first = await t.app.inject({ url: '/v1/subordinates?sort=name_asc', headers });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 14, page: 1, limit: 10 });
    expect(first.json().items).toHaveLength(10);
    const second = await t.app.inject({ url: '/v1/subordinates?sort=name_asc&page=2', headers });
    expect(second.json().items).toHaveLength(4);
    const names = [...first.json().items, ...second.json().items].map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort());

    const search = await t.app.inject({ url: '/v1/subordinates?q=staff%2007', headers });
    expect(search.json().items.map((u: { name: string }) => u.name)).toEqual(['Staff 07']);
    const byPath = await t.app.inject({ url: '/v1/subordinates/search/Staff%2007', headers });
    expect(byPath.json().total).toBe(1);
    // A percent sign is a letter to search for, not a wildcard.
    const wildcard = await t.app.inject({ url: '/v1/subordinates?q=%25', headers });
    expect(wildcard.json().total).toBe(0);
    const admins = await t.app.inject({ url: '/v1/subordinates?privilege_type=admin', headers });
    expect(admins.json().items.map((u: { id: string }) => u.id)).toEqual([admin.id]);

    const badSize = await t.app.inject({ url: '/v1/subordinates?limit=25', headers });
    expect(badSize.statusCode).toBe(422);
    const big = await t.app.inject({ url: '/v1/subordinates?limit=300', headers });
    expect(big.json().limit).toBe(300);
  });

  it('gives an admin only their own normal users', async () => {
    const { tenant, admin, normal } = await team(t);
    const otherAdmin = await t.make.user({ tenant, privilege_type: 'admin' });
    await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: otherAdmin.id });
    const res = await t.app.inject({ url: '/v1/subordinates', headers: (await t.make.session(admin)).headers });
    expect(res.json().items.map((u: { id: string }) => u.id)).toEqual([normal.id]);
  });

  it('refuses normal users', async () => {
    const { normal } = await team(t);
    const res = await t.app.inject({ url: '/v1/subordinates', headers: (await t.make.session(normal)).headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });
});

describe('read and update by id', () => {
  it('reads and edits a user; the e-mail stays unique', async () => {
    const { admin, normal, headers } = await team(t);
    const read = await t.app.inject({ url: `/v1/subordinates/${normal.id}`, headers });
    expect(read.json()).toMatchObject({ id: normal.id, parent_user_id: admin.id });
    const edit = await post(t, headers, `/v1/subordinates/${normal.id}`, {
      name: 'Renamed',
      company_section: 'Service',
      car_limit: 3,
      two_step_forced: true,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      name: 'Renamed',
      company_section: 'Service',
      car_limit: 3,
      two_step_forced: true,
    });
    const taken = await post(t, headers, `/v1/subordinates/${normal.id}`, { email: admin.email });
    expect(taken.statusCode).toBe(409);
    const unknownField = await post(t, headers, `/v1/subordinates/${normal.id}`, { privilege_type: 'admin' });
    expect(unknownField.statusCode).toBe(422);
  });

  it('moves a normal user under another admin, and their group with them', async () => {
    const { tenant, normal, headers } = await team(t);
    const group = await t.make.group({ tenant, name: 'East' });
    const other = await t.make.user({ tenant, privilege_type: 'admin', group_id: group.id });
    const res = await post(t, headers, `/v1/subordinates/${normal.id}`, { parent_user_id: other.id });
    expect(res.json()).toMatchObject({ parent_user_id: other.id, group_id: group.id });
  });

  it('does not let a user raise their own limits', async () => {
    const { admin } = await team(t);
    const headers = (await t.make.session(admin)).headers;
    const res = await post(t, headers, `/v1/subordinates/${admin.id}`, { car_limit: 9999 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('self_action_not_allowed');
    const name = await post(t, headers, `/v1/subordinates/${admin.id}`, { display_name: 'Me' });
    expect(name.statusCode).toBe(200);
  });

  it('signs a user out everywhere when someone else sets their password', async () => {
    const { normal, headers } = await team(t);
    const theirs = (await t.make.session(normal)).headers;
    const res = await post(t, headers, `/v1/subordinates/${normal.id}`, { password: 'brand-new-pass-9' });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v1/profile', headers: theirs })).statusCode).toBe(401);
    expect((await signIn(t.app, normal.email, 'brand-new-pass-9')).statusCode).toBe(200);
  });
});
