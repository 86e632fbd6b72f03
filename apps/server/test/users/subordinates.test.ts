import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factory.ts';
import { signIn } from '../helpers/http.ts';
import { accountsSnapshot as snapshot } from '../helpers/snapshot.ts';

const t = useTestApp();

async function team() {
  const tenant = await t.make.tenant();
  const sup = await t.make.user({ tenant, privilege_type: 'super' });
  const admin = await t.make.user({ tenant, privilege_type: 'admin', car_limit: 50 });
  const normal = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  return { tenant, sup, admin, normal, headers: (await t.make.session(sup)).headers };
}

describe('POST /v1/subordinates', () => {
  it('adds an admin and a normal user under it, active at once with the given password', async () => {
    const { tenant, headers } = await team();
    const admin = await t.app.inject({
      method: 'POST',
      url: '/v1/subordinates',
      headers,
      payload: { email: 'New.Admin@Example.test', password: 'secret-pass-1', privilege_type: 'admin', name: 'Aki' },
    });
    expect(admin.statusCode, admin.body).toBe(201);
    expect(admin.json()).toMatchObject({
      email: 'new.admin@example.test',
      privilege_type: 'admin',
      status: 'active',
      domain_id: tenant.domainId,
      company_id: tenant.companyId,
      parent_user_id: null,
    });
    const normal = await t.app.inject({
      method: 'POST',
      url: '/v1/subordinates',
      headers,
      payload: {
        email: 'staff@example.test',
        password: 'secret-pass-2',
        privilege_type: 'normal',
        name: 'Ben',
        admin_code: 'new.admin@example.test',
        company_section: 'Sales',
        car_limit: 5,
      },
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
    const { sup, headers } = await team();
    const base = { email: 'x1@example.test', password: 'secret-pass-1', privilege_type: 'normal', name: 'X' };
    const none = await t.app.inject({ method: 'POST', url: '/v1/subordinates', headers, payload: base });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.code).toBe('privilege_change_parent_required');
    const notAdmin = await t.app.inject({
      method: 'POST',
      url: '/v1/subordinates',
      headers,
      payload: { ...base, parent_user_id: sup.id },
    });
    expect(notAdmin.statusCode).toBe(422);
    expect(notAdmin.json().error.code).toBe('privilege_change_invalid_parent');
    const other = await team();
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/v1/subordinates',
      headers,
      payload: { ...base, parent_user_id: other.admin.id },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a registered e-mail in any letter case, and weak passwords', async () => {
    const { admin, headers } = await team();
    const dup = await t.app.inject({
      method: 'POST',
      url: '/v1/subordinates',
      headers,
      payload: { email: admin.email.toUpperCase(), password: 'secret-pass-1', privilege_type: 'admin', name: 'D' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('email_already_registered');
    const weak = await t.app.inject({
      method: 'POST',
      url: '/v1/subordinates',
      headers,
      payload: { email: 'weak@example.test', password: 'short', privilege_type: 'admin', name: 'W' },
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().error.fields[0].field).toBe('password');
  });

  it('lets an admin add normal users only under themself', async () => {
    const { tenant, admin } = await team();
    const otherAdmin = await t.make.user({ tenant, privilege_type: 'admin' });
    const headers = (await t.make.session(admin)).headers;
    const own = await t.app.inject({
      method: 'POST',
      url: '/v1/subordinates',
      headers,
      payload: { email: 'mine@example.test', password: 'secret-pass-1', privilege_type: 'normal', name: 'M' },
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().parent_user_id).toBe(admin.id);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/v1/subordinates',
      headers,
      payload: {
        email: 'theirs@example.test',
        password: 'secret-pass-1',
        privilege_type: 'normal',
        name: 'T',
        parent_user_id: otherAdmin.id,
      },
    });
    expect(elsewhere.statusCode).toBe(403);
    const anAdmin = await t.app.inject({
      method: 'POST',
      url: '/v1/subordinates',
      headers,
      payload: { email: 'adm@example.test', password: 'secret-pass-1', privilege_type: 'admin', name: 'A' },
    });
    expect(anAdmin.statusCode).toBe(403);
  });
});

describe('GET /v1/subordinates', () => {
  it('searches, filters, sorts and pages within the domain', async () => {
    const { tenant, admin, headers } = await team();
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
    const { tenant, admin, normal } = await team();
    const otherAdmin = await t.make.user({ tenant, privilege_type: 'admin' });
    await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: otherAdmin.id });
    const res = await t.app.inject({ url: '/v1/subordinates', headers: (await t.make.session(admin)).headers });
    expect(res.json().items.map((u: { id: string }) => u.id)).toEqual([normal.id]);
  });

  it('refuses normal users', async () => {
    const { normal } = await team();
    const res = await t.app.inject({ url: '/v1/subordinates', headers: (await t.make.session(normal)).headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });
});

describe('read and update by id', () => {
  it('reads and edits a user; the e-mail stays unique', async () => {
    const { admin, normal, headers } = await team();
    const read = await t.app.inject({ url: `/v1/subordinates/${normal.id}`, headers });
    expect(read.json()).toMatchObject({ id: normal.id, parent_user_id: admin.id });
    const edit = await t.app.inject({
      method: 'POST',
      url: `/v1/subordinates/${normal.id}`,
      headers,
      payload: { name: 'Renamed', company_section: 'Service', car_limit: 3, two_step_forced: true },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      name: 'Renamed',
      company_section: 'Service',
      car_limit: 3,
      two_step_forced: true,
    });
    const taken = await t.app.inject({
      method: 'POST',
      url: `/v1/subordinates/${normal.id}`,
      headers,
      payload: { email: admin.email },
    });
    expect(taken.statusCode).toBe(409);
    const unknownField = await t.app.inject({
      method: 'POST',
      url: `/v1/subordinates/${normal.id}`,
      headers,
      payload: { privilege_type: 'admin' },
    });
    expect(unknownField.statusCode).toBe(422);
  });

  it('moves a normal user under another admin, and their group with them', async () => {
    const { tenant, normal, headers } = await team();
    const group = await t.make.group({ tenant, name: 'East' });
    const other = await t.make.user({ tenant, privilege_type: 'admin', group_id: group.id });
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/subordinates/${normal.id}`,
      headers,
      payload: { parent_user_id: other.id },
    });
    expect(res.json()).toMatchObject({ parent_user_id: other.id, group_id: group.id });
  });

  it('does not let a user raise their own limits', async () => {
    const { admin } = await team();
    const headers = (await t.make.session(admin)).headers;
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/subordinates/${admin.id}`,
      headers,
      payload: { car_limit: 9999 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('self_action_not_allowed');
    const name = await t.app.inject({
      method: 'POST',
      url: `/v1/subordinates/${admin.id}`,
      headers,
      payload: { display_name: 'Me' },
    });
    expect(name.statusCode).toBe(200);
  });

  it('signs a user out everywhere when someone else sets their password', async () => {
    const { normal, headers } = await team();
    const theirs = (await t.make.session(normal)).headers;
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/subordinates/${normal.id}`,
      headers,
      payload: { password: 'brand-new-pass-9' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v1/profile', headers: theirs })).statusCode).toBe(401);
    expect((await signIn(t.app, normal.email, 'brand-new-pass-9')).statusCode).toBe(200);
  });
});

describe('POST /v1/subordinates/{id}/status', () => {
  it('disables (signing the user out) and enables again', async () => {
    const { normal, headers } = await team();
    const theirs = (await t.make.session(normal)).headers;
    const off = await t.app.inject({
      method: 'POST',
      url: `/v1/subordinates/${normal.id}/status`,
      headers,
      payload: { status: 'inactive' },
    });
    expect(off.json().status).toBe('inactive');
    expect((await t.app.inject({ url: '/v1/profile', headers: theirs })).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: `/v1/subordinates/${normal.id}/status`,
      headers,
      payload: { status: 'inactive' },
    });
    expect(again.statusCode).toBe(409);
    const on = await t.app.inject({
      method: 'POST',
      url: `/v1/subordinates/${normal.id}/status`,
      headers,
      payload: { status: 'active' },
    });
    expect(on.json().status).toBe('active');
  });

  it('is refused to admins and on oneself', async () => {
    const { sup, admin, normal, headers } = await team();
    const byAdmin = await t.app.inject({
      method: 'POST',
      url: `/v1/subordinates/${normal.id}/status`,
      headers: (await t.make.session(admin)).headers,
      payload: { status: 'inactive' },
    });
    expect(byAdmin.statusCode).toBe(403);
    const self = await t.app.inject({
      method: 'POST',
      url: `/v1/subordinates/${sup.id}/status`,
      headers,
      payload: { status: 'inactive' },
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe('self_action_not_allowed');
  });
});

describe('deleting users', () => {
  it('soft-deletes, ends the sessions and frees the e-mail', async () => {
    const { normal, headers } = await team();
    const theirs = (await t.make.session(normal)).headers;
    const res = await t.app.inject({ method: 'DELETE', url: `/v1/subordinates/${normal.id}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 1 });
    const row = await t.db.selectFrom('users').select('deleted_at').where('id', '=', normal.id).executeTakeFirst();
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect((await t.app.inject({ url: '/v1/profile', headers: theirs })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/v1/subordinates/${normal.id}`, headers })).statusCode).toBe(404);
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/v1/subordinates',
      headers,
      payload: { email: normal.email, password: 'secret-pass-1', privilege_type: 'admin', name: 'Again' },
    });
    expect(reuse.statusCode).toBe(201);
  });

  it('is blocked while a vehicle of the user is processing, and allowed once it finished', async () => {
    const { normal, headers } = await team();
    await t.make.vehicles(normal, { process: 'queued' });
    const before = await snapshot(t.db);
    const res = await t.app.inject({ method: 'DELETE', url: `/v1/subordinates/${normal.id}`, headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('user_delete_processing');
    expect(await snapshot(t.db)).toBe(before);

    await t.make.update.processesOf(normal.id, 'succeeded');
    const later = await t.app.inject({ method: 'DELETE', url: `/v1/subordinates/${normal.id}`, headers });
    expect(later.statusCode).toBe(200);
  });

  it('never deletes a super user, not even for master', async () => {
    const { sup, headers } = await team();
    const self = await t.app.inject({ method: 'DELETE', url: `/v1/subordinates/${sup.id}`, headers });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe('super_user_undeletable');
    const productTenant = await t.make.tenant();
    const master = await t.make.user({ tenant: productTenant, privilege_type: 'master' });
    const byMaster = await t.app.inject({
      method: 'DELETE',
      url: `/v1/subordinates/${sup.id}`,
      headers: (await t.make.session(master)).headers,
    });
    expect(byMaster.statusCode).toBe(403);
    expect(byMaster.json().error.code).toBe('super_user_undeletable');
  });

  it('keeps an admin who still has users, unless they are deleted together', async () => {
    const { admin, normal, headers } = await team();
    const alone = await t.app.inject({ method: 'DELETE', url: `/v1/subordinates/${admin.id}`, headers });
    expect(alone.statusCode).toBe(409);
    const together = await t.app.inject({
      method: 'DELETE',
      url: '/v1/subordinates-delete',
      headers,
      payload: { ids: [admin.id, normal.id] },
    });
    expect(together.statusCode, together.body).toBe(200);
    expect(together.json()).toEqual({ deleted: 2 });
  });

  it('deletes a batch all or nothing', async () => {
    const { tenant, admin, headers } = await team();
    const a = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
    const b = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
    await t.make.vehicles(b, { process: 'running' });
    const other = await team();
    const before = await snapshot(t.db);
    const busy = await t.app.inject({
      method: 'DELETE',
      url: '/v1/subordinates-delete',
      headers,
      payload: { ids: [a.id, b.id] },
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('bulk_delete_processing');
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: '/v1/subordinates-delete',
      headers,
      payload: { ids: [a.id, other.normal.id] },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('GET /v1/users', () => {
  it('answers the users of the caller’s role in their reach with same_privileges', async () => {
    const { tenant, sup, admin, normal } = await team();
    const admin2 = await t.make.user({ tenant, privilege_type: 'admin' });
    const sibling = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
    await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin2.id });
    const other = await team();

    const ids = async (user: TestUser, query: string) =>
      (await t.app.inject({ url: `/v1/users?${query}`, headers: (await t.make.session(user)).headers }))
        .json()
        .items.map((u: { id: string }) => u.id)
        .sort();
    expect(await ids(admin, 'same_privileges=1')).toEqual([admin2.id]);
    expect(await ids(normal, 'same_privileges=1')).toEqual([sibling.id]);
    expect(await ids(sup, 'same_privileges=1')).toEqual([]);
    expect(await ids(other.admin, 'same_privileges=1')).toEqual([]);
    // Without the flag: everyone the caller can see, themself included.
    expect(await ids(admin, 'same_privileges=0')).toEqual([admin.id, normal.id, sibling.id].sort());
  });
});
