// Subordinates: enabling, disabling and deleting users, and the same-privilege user list.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factory.ts';
import { accountsSnapshot as snapshot } from '../helpers/snapshot.ts';
import { newUser, post, team } from './team.ts';

const t = useTestApp();

describe('POST /v1/subordinates/{id}/status', () => {
  it('disables (signing the user out) and enables again', async () => {
    const { normal, headers } = await team(t);
    const theirs = (await t.make.session(normal)).headers;
    const off = await post(t, headers, `/v1/subordinates/${normal.id}/status`, { status: 'inactive' });
    expect(off.json().status).toBe('inactive');
    expect((await t.app.inject({ url: '/v1/profile', headers: theirs })).statusCode).toBe(401);
    const again = await post(t, headers, `/v1/subordinates/${normal.id}/status`, { status: 'inactive' });
    expect(again.statusCode).toBe(409);
    const on = await post(t, headers, `/v1/subordinates/${normal.id}/status`, { status: 'active' });
    expect(on.json().status).toBe('active');
  });

  it('is refused to admins and on oneself', async () => {
    const { sup, admin, normal, headers } = await team(t);
    const adminHeaders = (await t.make.session(admin)).headers;
    const byAdmin = await post(t, adminHeaders, `/v1/subordinates/${normal.id}/status`, { status: 'inactive' });
    expect(byAdmin.statusCode).toBe(403);
    const self = await post(t, headers, `/v1/subordinates/${sup.id}/status`, { status: 'inactive' });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe('self_action_not_allowed');
  });
});

describe('deleting users', () => {
  it('soft-deletes, ends the sessions and frees the e-mail', async () => {
    const { normal, headers } = await team(t);
    const theirs = (await t.make.session(normal)).headers;
    const res = await t.app.inject({ method: 'DELETE', url: `/v1/subordinates/${normal.id}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 1 });
    const row = await t.db.selectFrom('users').select('deleted_at').where('id', '=', normal.id).executeTakeFirst();
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect((await t.app.inject({ url: '/v1/profile', headers: theirs })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/v1/subordinates/${normal.id}`, headers })).statusCode).toBe(404);
    const reuse = await post(t, headers, '/v1/subordinates', newUser(normal.email, 'admin', 'Again'));
    expect(reuse.statusCode).toBe(201);
  });

  it('is blocked while a vehicle of the user is processing, and allowed once it finished', async () => {
    const { normal, headers } = await team(t);
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
    const { sup, headers } = await team(t);
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
    const { admin, normal, headers } = await team(t);
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
    const { tenant, admin, headers } = await team(t);
    const a = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
    const b = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
    await t.make.vehicles(b, { process: 'running' });
    const other = await team(t);
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
    const { tenant, sup, admin, normal } = await team(t);
    const admin2 = await t.make.user({ tenant, privilege_type: 'admin' });
    const sibling = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
    await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin2.id });
    const other = await team(t);

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
