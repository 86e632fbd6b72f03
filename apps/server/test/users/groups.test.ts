import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();

async function company() {
  const tenant = await t.make.tenant();
  const sup = await t.make.user({ tenant, privilege_type: 'super' });
  const admin = await t.make.user({ tenant, privilege_type: 'admin', email: `lead-${tenant.domainId}@example.test` });
  const admin2 = await t.make.user({ tenant, privilege_type: 'admin' });
  const n1 = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  const n2 = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin2.id });
  return { tenant, sup, admin, admin2, n1, n2, headers: (await t.make.session(sup)).headers };
}

describe('/v1/groups', () => {
  it('creates a group headed by an admin named by admin_code, lists, searches, renames and deletes it', async () => {
    const c = await company();
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/groups',
      headers: c.headers,
      payload: { name: 'Shinjuku', admin_code: c.admin.email },
    });
    expect(created.statusCode, created.body).toBe(201);
    const g = created.json();
    expect(g).toMatchObject({ name: 'Shinjuku', admin_user_id: c.admin.id, member_count: 1 });
    const admin = await t.db
      .selectFrom('users')
      .select('group_id')
      .where('id', '=', c.admin.id)
      .executeTakeFirstOrThrow();
    expect(admin.group_id).toBe(g.id);

    const dup = await t.app.inject({
      method: 'POST',
      url: '/v1/groups',
      headers: c.headers,
      payload: { name: 'shinjuku' },
    });
    expect(dup.statusCode).toBe(409);
    const list = await t.app.inject({ url: '/v1/groups', headers: c.headers });
    expect(list.json()).toMatchObject({ total: 1, page: 1, limit: 10 });
    const search = await t.app.inject({ url: '/v1/groups/search/shin', headers: c.headers });
    expect(search.json().items.map((x: { id: string }) => x.id)).toEqual([g.id]);
    const none = await t.app.inject({ url: '/v1/groups/search/osaka', headers: c.headers });
    expect(none.json().total).toBe(0);

    const renamed = await t.app.inject({
      method: 'POST',
      url: `/v1/groups/${g.id}`,
      headers: c.headers,
      payload: { name: 'Shinjuku East' },
    });
    expect(renamed.json().name).toBe('Shinjuku East');
    const removed = await t.app.inject({ method: 'DELETE', url: `/v1/groups/${g.id}`, headers: c.headers });
    expect(removed.json()).toEqual({ deleted: 1 });
    const after = await t.db
      .selectFrom('users')
      .select('group_id')
      .where('id', '=', c.admin.id)
      .executeTakeFirstOrThrow();
    expect(after.group_id).toBeNull();
    expect((await t.app.inject({ url: `/v1/groups/${g.id}`, headers: c.headers })).statusCode).toBe(404);
  });

  it('keeps one admin per group and one group per admin', async () => {
    const c = await company();
    const g1 = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/groups',
        headers: c.headers,
        payload: { name: 'One', admin_user_id: c.admin.id },
      })
    ).json();
    const g2 = await t.app.inject({
      method: 'POST',
      url: '/v1/groups',
      headers: c.headers,
      payload: { name: 'Two', admin_user_id: c.admin.id },
    });
    expect(g2.statusCode).toBe(409);
    const swap = await t.app.inject({
      method: 'POST',
      url: `/v1/groups/${g1.id}`,
      headers: c.headers,
      payload: { admin_user_id: c.admin2.id },
    });
    expect(swap.json().admin_user_id).toBe(c.admin2.id);
    const groupOf = async (id: string) =>
      (await t.db.selectFrom('users').select('group_id').where('id', '=', id).executeTakeFirstOrThrow()).group_id;
    expect(await groupOf(c.admin.id)).toBeNull();
    expect(await groupOf(c.admin2.id)).toBe(g1.id);
    const notAdmin = await t.app.inject({
      method: 'POST',
      url: `/v1/groups/${g1.id}`,
      headers: c.headers,
      payload: { admin_user_id: c.n1.id },
    });
    expect(notAdmin.statusCode).toBe(422);
  });

  it('sets and reads the members; only normal users of the domain', async () => {
    const c = await company();
    const g = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/groups',
        headers: c.headers,
        payload: { name: 'Team', admin_user_id: c.admin.id },
      })
    ).json();
    const set = await t.app.inject({
      method: 'POST',
      url: `/v1/groups/${g.id}/members`,
      headers: c.headers,
      payload: { user_ids: [c.n1.id, c.n2.id] },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(
      set
        .json()
        .members.map((m: { id: string }) => m.id)
        .sort(),
    ).toEqual([c.admin.id, c.n1.id, c.n2.id].sort());
    const fewer = await t.app.inject({
      method: 'POST',
      url: `/v1/groups/${g.id}/members`,
      headers: c.headers,
      payload: { user_ids: [c.n2.id] },
    });
    expect(
      fewer
        .json()
        .members.map((m: { id: string }) => m.id)
        .sort(),
    ).toEqual([c.admin.id, c.n2.id].sort());
    expect(fewer.json().group.member_count).toBe(2);
    const read = await t.app.inject({ url: `/v1/groups/${g.id}/members`, headers: c.headers });
    expect(read.json().members).toHaveLength(2);
    const withAdmin = await t.app.inject({
      method: 'POST',
      url: `/v1/groups/${g.id}/members`,
      headers: c.headers,
      payload: { user_ids: [c.admin2.id] },
    });
    expect(withAdmin.statusCode).toBe(422);
  });

  it('lets an admin read only the group they head, and write nothing', async () => {
    const c = await company();
    const mine = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/groups',
        headers: c.headers,
        payload: { name: 'Mine', admin_user_id: c.admin.id },
      })
    ).json();
    const theirs = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/groups',
        headers: c.headers,
        payload: { name: 'Theirs', admin_user_id: c.admin2.id },
      })
    ).json();
    const headers = (await t.make.session(c.admin)).headers;
    const list = await t.app.inject({ url: '/v1/groups', headers });
    expect(list.json().items.map((x: { id: string }) => x.id)).toEqual([mine.id]);
    expect((await t.app.inject({ url: `/v1/groups/${theirs.id}`, headers })).statusCode).toBe(404);
    const rename = await t.app.inject({
      method: 'POST',
      url: `/v1/groups/${mine.id}`,
      headers,
      payload: { name: 'X' },
    });
    expect(rename.statusCode).toBe(403);
    const normal = await t.app.inject({ url: '/v1/groups', headers: (await t.make.session(c.n1)).headers });
    expect(normal.statusCode).toBe(403);
  });
});
