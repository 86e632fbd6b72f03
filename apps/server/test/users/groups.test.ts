import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { bearer, call } from '../helpers/http.ts';

const t = useTestApp();

async function company() {
  const tenant = await t.make.tenant();
  const sup = await t.make.user({ tenant, privilege_type: 'super' });
  const admin = await t.make.user({ tenant, privilege_type: 'admin', email: `lead-${tenant.domainId}@example.test` });
  const admin2 = await t.make.user({ tenant, privilege_type: 'admin' });
  const n1 = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  const n2 = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin2.id });
  const { token } = await t.make.session(sup);
  /** The super user's POST of `payload` to `url`. */
  const post = (url: string, payload: Record<string, unknown>) => call(t.app, token, 'POST', url, payload);
  /** A group the super user made, headed by `head`: the answer's body. */
  const group = async (name: string, head: { id: string }) =>
    (await post('/v1/groups', { name, admin_user_id: head.id })).json();
  return { tenant, sup, admin, admin2, n1, n2, headers: bearer(token), post, group };
}

/** The group a user is in, as the users table holds it. */
const groupOf = async (id: string) =>
  (await t.db.selectFrom('users').select('group_id').where('id', '=', id).executeTakeFirstOrThrow()).group_id;

const memberIds = (res: LightMyRequestResponse) =>
  res
    .json()
    .members.map((m: { id: string }) => m.id)
    .sort();

describe('/v1/groups', () => {
  it('creates a group headed by an admin named by admin_code, lists, searches, renames and deletes it', async () => {
    const c = await company();
    const created = await c.post('/v1/groups', { name: 'Shinjuku', admin_code: c.admin.email });
    expect(created.statusCode, created.body).toBe(201);
    const g = created.json();
    expect(g).toMatchObject({ name: 'Shinjuku', admin_user_id: c.admin.id, member_count: 1 });
    expect(await groupOf(c.admin.id)).toBe(g.id);

    const dup = await c.post('/v1/groups', { name: 'shinjuku' });
    expect(dup.statusCode).toBe(409);
    const list = await t.app.inject({ url: '/v1/groups', headers: c.headers });
    expect(list.json()).toMatchObject({ total: 1, page: 1, limit: 10 });
    const search = await t.app.inject({ url: '/v1/groups/search/shin', headers: c.headers });
    expect(search.json().items.map((x: { id: string }) => x.id)).toEqual([g.id]);
    const none = await t.app.inject({ url: '/v1/groups/search/osaka', headers: c.headers });
    expect(none.json().total).toBe(0);

    const renamed = await c.post(`/v1/groups/${g.id}`, { name: 'Shinjuku East' });
    expect(renamed.json().name).toBe('Shinjuku East');
    const removed = await t.app.inject({ method: 'DELETE', url: `/v1/groups/${g.id}`, headers: c.headers });
    expect(removed.json()).toEqual({ deleted: 1 });
    expect(await groupOf(c.admin.id)).toBeNull();
    expect((await t.app.inject({ url: `/v1/groups/${g.id}`, headers: c.headers })).statusCode).toBe(404);
  });

  it('keeps one admin per group and one group per admin', async () => {
    const c = await company();
    const g1 = await c.group('One', c.admin);
    const g2 = await c.post('/v1/groups', { name: 'Two', admin_user_id: c.admin.id });
    expect(g2.statusCode).toBe(409);
    const swap = await c.post(`/v1/groups/${g1.id}`, { admin_user_id: c.admin2.id });
    expect(swap.json().admin_user_id).toBe(c.admin2.id);
    expect(await groupOf(c.admin.id)).toBeNull();
    expect(await groupOf(c.admin2.id)).toBe(g1.id);
    const notAdmin = await c.post(`/v1/groups/${g1.id}`, { admin_user_id: c.n1.id });
    expect(notAdmin.statusCode).toBe(422);
  });

  it('sets and reads the members; only normal users of the domain', async () => {
    const c = await company();
    const g = await c.group('Team', c.admin);
    const set = await c.post(`/v1/groups/${g.id}/members`, { user_ids: [c.n1.id, c.n2.id] });
    expect(set.statusCode, set.body).toBe(200);
    expect(memberIds(set)).toEqual([c.admin.id, c.n1.id, c.n2.id].sort());
    const fewer = await c.post(`/v1/groups/${g.id}/members`, { user_ids: [c.n2.id] });
    expect(memberIds(fewer)).toEqual([c.admin.id, c.n2.id].sort());
    expect(fewer.json().group.member_count).toBe(2);
    const read = await t.app.inject({ url: `/v1/groups/${g.id}/members`, headers: c.headers });
    expect(read.json().members).toHaveLength(2);
    const withAdmin = await c.post(`/v1/groups/${g.id}/members`, { user_ids: [c.admin2.id] });
    expect(withAdmin.statusCode).toBe(422);
  });

  it('lets an admin read only the group they head, and write nothing', async () => {
    const c = await company();
    const mine = await c.group('Mine', c.admin);
    const theirs = await c.group('Theirs', c.admin2);
    const { token, headers } = await t.make.session(c.admin);
    const list = await t.app.inject({ url: '/v1/groups', headers });
    expect(list.json().items.map((x: { id: string }) => x.id)).toEqual([mine.id]);
    expect((await t.app.inject({ url: `/v1/groups/${theirs.id}`, headers })).statusCode).toBe(404);
    const rename = await call(t.app, token, 'POST', `/v1/groups/${mine.id}`, { name: 'X' });
    expect(rename.statusCode).toBe(403);
    const normal = await t.app.inject({ url: '/v1/groups', headers: (await t.make.session(c.n1)).headers });
    expect(normal.statusCode).toBe(403);
  });
});
