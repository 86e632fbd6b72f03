import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { accountsSnapshot as snapshot } from '../helpers/snapshot.ts';

const t = useTestApp();

async function row(id: string) {
  return t.db
    .selectFrom('users')
    .select(['privilege_type', 'parent_user_id', 'car_limit', 'group_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function group(domainId: string, name: string, adminUserId: string | null) {
  const g = await t.make.group({ tenant: { domainId }, name, admin: adminUserId ? { id: adminUserId } : null });
  return g.id;
}

async function setting() {
  const tenant = await t.make.tenant();
  const sup = await t.make.user({ tenant, privilege_type: 'super' });
  const a = await t.make.user({ tenant, privilege_type: 'admin', car_limit: 30 });
  const b = await t.make.user({ tenant, privilege_type: 'admin', car_limit: 20 });
  const gA = await group(tenant.domainId, `A ${a.id}`, a.id);
  const gB = await group(tenant.domainId, `B ${b.id}`, b.id);
  const a1 = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: a.id, car_limit: 5, group_id: gA });
  const a2 = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: a.id, group_id: gA });
  const b1 = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: b.id, group_id: gB });
  return { tenant, sup, a, b, a1, a2, b1, gA, gB, headers: (await t.make.session(sup)).headers };
}

const change = (headers: Record<string, string>, id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/v1/privilege-type-change/${id}`, headers, payload });

describe('POST /v1/privilege-type-change/{id}', () => {
  it('admin to normal: the admin and their users move under the new parent, the limits merge', async () => {
    const s = await setting();
    const res = await change(s.headers, s.a.id, { privilege_type: 'normal', parent_user_id: s.b.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: s.a.id, privilege_type: 'normal', parent_user_id: s.b.id });
    expect(await row(s.a.id)).toEqual({
      privilege_type: 'normal',
      parent_user_id: s.b.id,
      car_limit: null,
      group_id: s.gB,
    });
    expect(await row(s.b.id)).toMatchObject({ privilege_type: 'admin', car_limit: 50 });
    for (const child of [s.a1, s.a2])
      expect(await row(child.id)).toMatchObject({ parent_user_id: s.b.id, group_id: s.gB });
    // The personal cap of a child is kept.
    expect((await row(s.a1.id)).car_limit).toBe(5);
    const gA = await t.db.selectFrom('groups').select('admin_user_id').where('id', '=', s.gA).executeTakeFirstOrThrow();
    expect(gA.admin_user_id).toBeNull();
    expect(
      res
        .json()
        .changed.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([s.a.id, s.b.id, s.a1.id, s.a2.id].sort());
  });

  it('admin to normal needs a parent, and the parent must be another admin of the domain', async () => {
    const s = await setting();
    const other = await setting();
    const before = await snapshot(t.db);
    const none = await change(s.headers, s.a.id, { privilege_type: 'normal' });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.code).toBe('privilege_change_parent_required');
    const normalParent = await change(s.headers, s.a.id, { privilege_type: 'normal', parent_user_id: s.b1.id });
    expect(normalParent.json().error.code).toBe('privilege_change_invalid_parent');
    const self = await change(s.headers, s.a.id, { privilege_type: 'normal', parent_user_id: s.a.id });
    expect(self.json().error.code).toBe('privilege_change_invalid_parent');
    // Another tenant's admin is unknown here.
    const foreign = await change(s.headers, s.a.id, { privilege_type: 'normal', parent_user_id: other.b.id });
    expect(foreign.statusCode).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
  });

  it('normal to admin: the role moves out of the old admin, who becomes a normal user under the new one', async () => {
    const s = await setting();
    const res = await change(s.headers, s.a1.id, { privilege_type: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(s.a1.id)).toEqual({
      privilege_type: 'admin',
      parent_user_id: null,
      car_limit: 30,
      group_id: s.gA,
    });
    expect(await row(s.a.id)).toEqual({
      privilege_type: 'normal',
      parent_user_id: s.a1.id,
      car_limit: null,
      group_id: s.gA,
    });
    expect(await row(s.a2.id)).toMatchObject({ parent_user_id: s.a1.id });
    const g = await t.db.selectFrom('groups').select('admin_user_id').where('id', '=', s.gA).executeTakeFirstOrThrow();
    expect(g.admin_user_id).toBe(s.a1.id);
    // One admin per group: exactly one live admin in the group.
    const admins = await t.db
      .selectFrom('users')
      .select('id')
      .where('group_id', '=', s.gA)
      .where('privilege_type', '=', 'admin')
      .execute();
    expect(admins.map((x) => x.id)).toEqual([s.a1.id]);
    // The other group is untouched.
    expect(await row(s.b1.id)).toMatchObject({ parent_user_id: s.b.id, group_id: s.gB });
  });

  it('refuses a change to the same role, of a super, of oneself, and by an admin', async () => {
    const s = await setting();
    const same = await change(s.headers, s.a.id, { privilege_type: 'admin' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe('privilege_change_not_allowed');
    const productTenant = await t.make.tenant();
    const master = await t.make.user({ tenant: productTenant, privilege_type: 'master' });
    const ofSuper = await change((await t.make.session(master)).headers, s.sup.id, { privilege_type: 'admin' });
    expect(ofSuper.json().error.code).toBe('privilege_change_not_allowed');
    const byAdmin = await change((await t.make.session(s.a)).headers, s.a1.id, { privilege_type: 'admin' });
    expect(byAdmin.statusCode).toBe(403);
    const other = await setting();
    const foreign = await change(s.headers, other.a1.id, { privilege_type: 'admin' });
    expect(foreign.statusCode).toBe(404);
  });

  it('master changes users of any domain', async () => {
    const s = await setting();
    const productTenant = await t.make.tenant();
    const master = await t.make.user({ tenant: productTenant, privilege_type: 'master' });
    const res = await change((await t.make.session(master)).headers, s.b.id, {
      privilege_type: 'normal',
      parent_user_id: s.a.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(s.b1.id)).toMatchObject({ parent_user_id: s.a.id, group_id: s.gA });
    // B headed a group and A had one too: B's group keeps existing, without an admin.
    const gB = await t.db.selectFrom('groups').select('admin_user_id').where('id', '=', s.gB).executeTakeFirstOrThrow();
    expect(gB.admin_user_id).toBeNull();
  });

  it('a demoted admin’s group passes to the new parent when that parent heads none', async () => {
    const tenant = await t.make.tenant();
    const sup = await t.make.user({ tenant, privilege_type: 'super' });
    const a = await t.make.user({ tenant, privilege_type: 'admin', car_limit: null });
    const b = await t.make.user({ tenant, privilege_type: 'admin', car_limit: 10 });
    const gA = await group(tenant.domainId, 'Only A', a.id);
    const res = await change((await t.make.session(sup)).headers, a.id, {
      privilege_type: 'normal',
      parent_user_id: b.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Unlimited plus anything is unlimited.
    expect(await row(b.id)).toMatchObject({ car_limit: null, group_id: gA });
    const g = await t.db.selectFrom('groups').select('admin_user_id').where('id', '=', gA).executeTakeFirstOrThrow();
    expect(g.admin_user_id).toBe(b.id);
  });
});
