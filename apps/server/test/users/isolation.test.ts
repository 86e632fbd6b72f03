import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factory.ts';
import { accountsSnapshot as snapshot } from '../helpers/snapshot.ts';

/**
 * Tenant isolation over every route of the users area: a user of another domain, and an admin of the same domain
 * for a user outside their group, get 403 or 404, and nothing changes. Lists never show another tenant's rows.
 */

const t = useTestApp();
interface Company {
  sup: TestUser;
  admin: TestUser;
  admin2: TestUser;
  normal: TestUser;
  /** Another normal user under admin, in the group. */
  normalPeer: TestUser;
  /** admin2's own normal user, outside the group. */
  normal2: TestUser;
  groupId: string;
}
let a: Company;
let b: Company;
const headers: Record<'superB' | 'adminB' | 'normalB' | 'admin2A', Record<string, string>> = {
  superB: {},
  adminB: {},
  normalB: {},
  admin2A: {},
};

async function company(): Promise<Company> {
  const tenant = await t.make.tenant();
  const sup = await t.make.user({ tenant, privilege_type: 'super', name: `Super ${tenant.domainId}` });
  const admin = await t.make.user({ tenant, privilege_type: 'admin' });
  const admin2 = await t.make.user({ tenant, privilege_type: 'admin' });
  const group = await t.make.group({ tenant, name: `Group ${tenant.domainId}`, admin });
  const normal = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin.id, group_id: group.id });
  const normalPeer = await t.make.user({
    tenant,
    privilege_type: 'normal',
    parent_user_id: admin.id,
    group_id: group.id,
  });
  const normal2 = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin2.id });
  return { sup, admin, admin2, normal, normalPeer, normal2, groupId: group.id };
}

beforeAll(async () => {
  a = await company();
  b = await company();
  headers.superB = (await t.make.session(b.sup)).headers;
  headers.adminB = (await t.make.session(b.admin)).headers;
  headers.normalB = (await t.make.session(b.normal)).headers;
  headers.admin2A = (await t.make.session(a.admin2)).headers;
});

type Route = { name: string; request: () => InjectOptions };

/** Every route of the area that names a row of company A, by path or in its body (built once A exists). */
const ROUTES_ON_A: Route[] = [
  { name: 'read user', request: () => ({ method: 'GET', url: `/v1/subordinates/${a.normal.id}` }) },
  {
    name: 'edit user',
    request: () => ({ method: 'POST', url: `/v1/subordinates/${a.normal.id}`, payload: { display_name: 'x' } }),
  },
  { name: 'delete user', request: () => ({ method: 'DELETE', url: `/v1/subordinates/${a.normal.id}` }) },
  {
    name: 'disable user',
    request: () => ({ method: 'POST', url: `/v1/subordinates/${a.normal.id}/status`, payload: { status: 'inactive' } }),
  },
  {
    name: 'bulk delete',
    request: () => ({ method: 'DELETE', url: '/v1/subordinates-delete', payload: { ids: [a.normal.id] } }),
  },
  {
    name: 'privilege change',
    request: () => ({
      method: 'POST',
      url: `/v1/privilege-type-change/${a.normal.id}`,
      payload: { privilege_type: 'admin' },
    }),
  },
  {
    name: 'privilege change of an admin to a parent of A',
    request: () => ({
      method: 'POST',
      url: `/v1/privilege-type-change/${a.admin2.id}`,
      payload: { privilege_type: 'normal', parent_user_id: a.admin.id },
    }),
  },
  {
    name: 'add a user under an admin of A',
    request: () => ({
      method: 'POST',
      url: '/v1/subordinates',
      payload: {
        email: 'intruder@example.test',
        password: 'secret-pass-1',
        privilege_type: 'normal',
        name: 'I',
        parent_user_id: a.admin.id,
      },
    }),
  },
  { name: 'read super user', request: () => ({ method: 'GET', url: `/v1/superusers/${a.sup.id}` }) },
  {
    name: 'edit super user',
    request: () => ({ method: 'POST', url: `/v1/superusers/${a.sup.id}`, payload: { name: 'x' } }),
  },
  {
    name: 'cancel contract',
    request: () => ({ method: 'POST', url: `/v1/superusers/cancel/${a.sup.id}`, payload: { accept_terms: true } }),
  },
  {
    name: 'preview contract cancellation',
    request: () => ({ method: 'GET', url: `/v1/superusers/cancel/${a.sup.id}/preview` }),
  },
  { name: 'read image-system user', request: () => ({ method: 'GET', url: `/v1/image-system-user/${a.normal.id}` }) },
  {
    name: 'edit image-system user',
    request: () => ({
      method: 'POST',
      url: `/v1/image-system-user/${a.normal.id}`,
      payload: { extendinfo_display: true },
    }),
  },
  { name: 'read configuration', request: () => ({ method: 'GET', url: `/v1/user-configuration/${a.normal.id}` }) },
  {
    name: 'edit configuration',
    request: () => ({
      method: 'POST',
      url: `/v1/user-configuration/${a.normal.id}`,
      payload: { sidebar_colour: 'red' },
    }),
  },
  { name: 'read group', request: () => ({ method: 'GET', url: `/v1/groups/${a.groupId}` }) },
  { name: 'edit group', request: () => ({ method: 'POST', url: `/v1/groups/${a.groupId}`, payload: { name: 'x' } }) },
  { name: 'delete group', request: () => ({ method: 'DELETE', url: `/v1/groups/${a.groupId}` }) },
  { name: 'read members', request: () => ({ method: 'GET', url: `/v1/groups/${a.groupId}/members` }) },
  {
    name: 'set members',
    request: () => ({ method: 'POST', url: `/v1/groups/${a.groupId}/members`, payload: { user_ids: [] } }),
  },
  {
    name: 'create a group headed by an admin of A',
    request: () => ({ method: 'POST', url: '/v1/groups', payload: { name: 'Stolen', admin_user_id: a.admin.id } }),
  },
];

/** Routes that name a row of A only in the body, sent by the super user of B about B's own rows. */
const CROSS_BODY_ROUTES: Route[] = [
  {
    name: 'put a user of A in a group of B',
    request: () => ({ method: 'POST', url: `/v1/groups/${b.groupId}/members`, payload: { user_ids: [a.normal.id] } }),
  },
  {
    name: 'move a user of B under an admin of A',
    request: () => ({
      method: 'POST',
      url: `/v1/subordinates/${b.normal.id}`,
      payload: { parent_user_id: a.admin.id },
    }),
  },
  {
    name: 'demote an admin of B under an admin of A',
    request: () => ({
      method: 'POST',
      url: `/v1/privilege-type-change/${b.admin2.id}`,
      payload: { privilege_type: 'normal', parent_user_id: a.admin.id },
    }),
  },
];

describe('another tenant', () => {
  for (const caller of ['superB', 'adminB', 'normalB'] as const) {
    describe(`as the ${caller.replace('B', '')} of another domain`, () => {
      // A super of B may do all of this in B, so only A's rows being invisible can refuse them: 404, never 403
      // (which would tell them the id exists). Admin and normal users may be refused by their role first.
      const refusals = caller === 'superB' ? [404] : [403, 404];
      for (const route of ROUTES_ON_A) {
        it(`${route.name}: ${refusals.join(' or ')}, nothing changes`, async () => {
          const before = await snapshot(t.db);
          const res = await t.app.inject({ ...route.request(), headers: headers[caller] });
          expect(refusals, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
          expect(await snapshot(t.db)).toBe(before);
        });
      }
    });
  }

  describe('rows of A named in the body of a call on B', () => {
    for (const route of CROSS_BODY_ROUTES) {
      it(`${route.name}: 404, nothing changes`, async () => {
        const before = await snapshot(t.db);
        const res = await t.app.inject({ ...route.request(), headers: headers.superB });
        expect(res.statusCode, res.body).toBe(404);
        expect(await snapshot(t.db)).toBe(before);
      });
    }
  });

  it('a CSV of B naming an admin of A as parent: the parent is unknown to B, nobody is added', async () => {
    const before = await snapshot(t.db);
    const csv = [
      'email,password,privilege_type,name,parent_email,company_section,car_limit',
      `csv-intruder@example.test,secret-pass-1,normal,Intruder,${a.admin.email},,`,
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/subordinates-upload',
      headers: { ...headers.superB, 'content-type': 'text/csv' },
      payload: `${csv}\r\n`,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.body).toContain('csv_unknown_parent');
    expect(await snapshot(t.db)).toBe(before);
  });

  it('lists and searches show the caller’s own rows and none of another tenant’s', async () => {
    // User ids and group ids are separate sequences: each list is checked against its own kind. Each caller must
    // get exactly the status its role allows and find its own tenant's rows, so a list that refuses everyone or
    // answers nothing fails as surely as one that leaks.
    const aUsers = new Set([a.sup.id, a.admin.id, a.admin2.id, a.normal.id, a.normalPeer.id, a.normal2.id]);
    const aGroups = new Set([a.groupId]);
    type Seen = Record<'superB' | 'adminB' | 'normalB', 403 | string[]>;
    const subordinatesOfB = (): Seen => ({
      superB: [b.admin.id, b.admin2.id, b.normal.id, b.normalPeer.id, b.normal2.id],
      adminB: [b.normal.id, b.normalPeer.id],
      normalB: 403,
    });
    const groupsOfB = (): Seen => ({ superB: [b.groupId], adminB: [b.groupId], normalB: 403 });
    const lists: [string, Set<string>, Seen][] = [
      ['/v1/subordinates?limit=300', aUsers, subordinatesOfB()],
      [`/v1/subordinates?domain_id=${a.normal.domainId}`, aUsers, subordinatesOfB()],
      [`/v1/subordinates/search/${encodeURIComponent('example.test')}`, aUsers, subordinatesOfB()],
      [
        '/v1/users?limit=300',
        aUsers,
        {
          superB: [b.sup.id, b.admin.id, b.admin2.id, b.normal.id, b.normalPeer.id, b.normal2.id],
          adminB: [b.admin.id, b.normal.id, b.normalPeer.id],
          normalB: [b.normal.id],
        },
      ],
      // Peers: the caller's own role in their reach, themself excluded (B has one super, so none for them).
      ['/v1/users?same_privileges=1', aUsers, { superB: [], adminB: [b.admin2.id], normalB: [b.normalPeer.id] }],
      ['/v1/groups', aGroups, groupsOfB()],
      [`/v1/groups?domain_id=${a.normal.domainId}`, aGroups, groupsOfB()],
      ['/v1/groups/search/Group', aGroups, groupsOfB()],
    ];
    for (const [url, ofA, seen] of lists) {
      for (const caller of ['superB', 'adminB', 'normalB'] as const) {
        const res = await t.app.inject({ url, headers: headers[caller] });
        const expected = seen[caller];
        if (expected === 403) {
          expect(res.statusCode, `${caller} ${url} ${res.body}`).toBe(403);
          continue;
        }
        expect(res.statusCode, `${caller} ${url} ${res.body}`).toBe(200);
        const ids: string[] = res.json().items.map((x: { id: string }) => x.id);
        expect(
          ids.filter((id) => ofA.has(id)),
          `${caller} ${url}`,
        ).toEqual([]);
        expect(ids, `${caller} ${url}`).toEqual(expect.arrayContaining(expected));
      }
    }
    expect((await t.app.inject({ url: '/v1/superusers', headers: headers.superB })).statusCode).toBe(403);
    const own = await t.app.inject({ url: '/v1/superusers-user', headers: headers.normalB });
    expect(own.json().id).toBe(b.sup.id);
  });
});

describe('an admin of the same domain, for users outside their group', () => {
  for (const route of ROUTES_ON_A) {
    it(`${route.name}: 403 or 404, nothing changes`, async () => {
      const before = await snapshot(t.db);
      const res = await t.app.inject({ ...route.request(), headers: headers.admin2A });
      expect([403, 404], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
      expect(await snapshot(t.db)).toBe(before);
    });
  }

  it('lists only their own users', async () => {
    const res = await t.app.inject({ url: '/v1/subordinates', headers: headers.admin2A });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((x: { id: string }) => x.id)).toEqual([a.normal2.id]);
  });
});
