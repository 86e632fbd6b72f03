import type { PublicationState } from '@spinyard/domain';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser, TestUser } from '../helpers/factory.ts';
import { vehicleBody } from './content-api.ts';

/**
 * Tenant isolation and role visibility over every vehicle route of the core API (create, read, edit, switches,
 * inspection, publication, deletion): a user of another domain, an admin of the same domain for a vehicle outside
 * their group, and a normal user for a colleague's vehicle all get 404, and nothing changes. Master sees every
 * vehicle, a super their domain's, an admin their own and their normal users', a normal user their own.
 */

const t = useTestApp();

interface Company {
  sup: TestUser;
  admin: TestUser;
  admin2: TestUser;
  normal: TestUser;
  normalPeer: TestUser;
}
let a: Company;
let b: Company;
const sessions: Record<string, SignedInUser> = {};

async function company(): Promise<Company> {
  const tenant = await t.make.tenant();
  const sup = await t.make.user({ tenant, privilege_type: 'super' });
  const admin = await t.make.user({ tenant, privilege_type: 'admin' });
  const admin2 = await t.make.user({ tenant, privilege_type: 'admin' });
  const normal = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  const normalPeer = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  return { sup, admin, admin2, normal, normalPeer };
}

const signedIn = async (u: TestUser): Promise<SignedInUser> => ({ ...u, ...(await t.make.session(u)) });

beforeAll(async () => {
  a = await company();
  b = await company();
  sessions.superB = await signedIn(b.sup);
  sessions.adminB = await signedIn(b.admin);
  sessions.normalB = await signedIn(b.normal);
  sessions.admin2A = await signedIn(a.admin2);
  sessions.normalPeerA = await signedIn(a.normalPeer);
  sessions.superA = await signedIn(a.sup);
  sessions.adminA = await signedIn(a.admin);
  sessions.normalA = await signedIn(a.normal);
  sessions.master = await t.make.master();
});

const call = (who: SignedInUser, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { authorization: `Bearer ${who.contentToken}` } });

type Route = { name: string; state?: PublicationState; request: (id: string) => InjectOptions };

/** Every route that names a vehicle, by path or in its body; `state` is one the route would act on for its owner. */
const ROUTES_ON_A: Route[] = [
  { name: 'read', request: (id) => ({ method: 'GET', url: `/api/browser/v0/contents/${id}` }) },
  {
    name: 'update',
    request: (id) => ({ method: 'POST', url: `/api/browser/v0/contents/${id}`, payload: vehicleBody() }),
  },
  {
    name: 'extendinfo',
    request: (id) => ({ method: 'POST', url: '/api/browser/v0/contents/extendinfo', payload: { id, maker: 'X' } }),
  },
  {
    name: 'defect display',
    request: (id) => ({
      method: 'POST',
      url: '/api/browser/v0/contents/defect_display',
      payload: { id, display: true },
    }),
  },
  {
    name: 'development view display',
    request: (id) => ({
      method: 'POST',
      url: '/api/browser/v0/contents/development_view_disp',
      payload: { id, display: true },
    }),
  },
  {
    name: 'development view position',
    request: (id) => ({
      method: 'POST',
      url: '/api/browser/v0/contents/development_view_position',
      payload: { id, position: 'outside' },
    }),
  },
  {
    name: 'inspection display',
    request: (id) => ({
      method: 'POST',
      url: '/api/browser/v0/contents/cs-car-inspection-display',
      payload: { id, display: true },
    }),
  },
  {
    name: 'inspection',
    request: (id) => ({
      method: 'POST',
      url: '/api/browser/v0/contents/cs-car-inspection',
      payload: { id, inspector_name: 'Intruder' },
    }),
  },
  {
    name: 'panel symbols',
    request: (id) => ({
      method: 'GET',
      url: `/api/browser/v0/contents/${id}/cs-car-inspection/development-view-number-to-symbol`,
    }),
  },
  { name: 'publish', request: (id) => ({ method: 'POST', url: `/api/browser/v0/contents/public/${id}` }) },
  {
    name: 'unpublish',
    state: 'published',
    request: (id) => ({ method: 'POST', url: `/api/browser/v0/contents/private/${id}` }),
  },
  { name: 'sleep', request: (id) => ({ method: 'POST', url: `/api/browser/v0/contents/sleep/${id}` }) },
  {
    name: 'wake',
    state: 'sleeping',
    request: (id) => ({ method: 'POST', url: `/api/browser/v0/contents/wakeup/${id}` }),
  },
  {
    name: 'restore',
    state: 'deleted',
    request: (id) => ({ method: 'POST', url: `/api/browser/v0/contents/restore/${id}` }),
  },
  { name: 'VR on', request: (id) => ({ method: 'POST', url: `/api/browser/v0/contents/vrmode/on/${id}` }) },
  {
    name: 'VR off',
    request: (id) => ({ method: 'POST', url: `/api/browser/v0/contents/vrmode/off/${id}` }),
  },
  { name: 'delete', request: (id) => ({ method: 'DELETE', url: `/api/browser/v0/contents/${id}` }) },
  {
    name: 'delete for good',
    state: 'deleted',
    request: (id) => ({ method: 'DELETE', url: `/api/browser/v0/contents/${id}?deleteType=hard` }),
  },
  {
    name: 'bulk delete',
    request: (id) => ({ method: 'POST', url: '/api/browser/v0/contents/delete/bulk', payload: { ids: [id] } }),
  },
];

/** A vehicle of A's normal user that the route would act on (VR off needs VR on). */
async function targetFor(route: Route): Promise<string> {
  const [id] = await t.make.vehicles(a.normal, {
    publication: route.state ?? 'unpublished',
    fields: { has_exterior: true, vr_mode: route.name === 'VR off' },
  });
  return id!;
}

const snapshot = (id: string) => t.db.selectFrom('contents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe.each(['superB', 'adminB', 'normalB', 'admin2A', 'normalPeerA'])(
  "%s on A's normal user's vehicle",
  (intruder) => {
    it.each(ROUTES_ON_A)('$name is 404 and changes nothing', async (route) => {
      const id = await targetFor(route);
      const before = await snapshot(id);
      const res = await call(sessions[intruder]!, route.request(id));
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      expect(await snapshot(id)).toEqual(before);
    });
  },
);

describe.each(['normalA', 'adminA', 'superA', 'master'])("%s on A's normal user's vehicle", (insider) => {
  it.each(ROUTES_ON_A)('$name is allowed', async (route) => {
    const id = await targetFor(route);
    const res = await call(sessions[insider]!, route.request(id));
    // The update sends a fresh management ID and the vehicle's whole record; everything else acts as asked.
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('routes without a vehicle parameter', () => {
  it("registers for the caller in the caller's own domain, whatever the body says", async () => {
    const res = await call(sessions.superB!, {
      method: 'POST',
      url: '/api/browser/v0/contents',
      payload: { ...vehicleBody(), domain_id: a.sup.domainId },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields[0].field).toBe('domain_id');
    const ok = await call(sessions.superB!, {
      method: 'POST',
      url: '/api/browser/v0/contents',
      payload: vehicleBody(),
    });
    expect(ok.json()).toMatchObject({ domain_id: b.sup.domainId, owner: { id: b.sup.id } });
  });

  it("counts only the caller's own domain in check_contents_limit", async () => {
    await t.make.vehicles(a.sup, { count: 3 });
    const before = (
      await call(sessions.superB!, { method: 'GET', url: '/api/browser/v0/check_contents_limit' })
    ).json();
    await t.make.vehicles(a.sup, { count: 2 });
    const after = (await call(sessions.superB!, { method: 'GET', url: '/api/browser/v0/check_contents_limit' })).json();
    expect(after).toEqual(before);
  });

  it('refuses the access token on the content API', async () => {
    const [id] = await t.make.vehicles(a.normal);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/browser/v0/contents/${id}`,
      headers: sessions.normalA!.headers,
    });
    expect(res.statusCode).toBe(401);
  });
});
