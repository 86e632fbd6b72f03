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

const API = '/api/browser/v0/contents';

/**
 * A route on vehicle `id`: its method, its whole path (written out: isolation-coverage.test.ts finds the routes tried
 * by their paths in this file), its body, the state it acts on.
 */
function route(
  name: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: (id: string) => string,
  body?: (id: string) => Record<string, unknown>,
  state?: PublicationState,
): Route {
  return {
    name,
    ...(state ? { state } : {}),
    request: (id) => ({ method, url: path(id), ...(body ? { payload: body(id) } : {}) }),
  };
}

/** A route that names the vehicle in its path. */
const onPath = (name: string, method: 'GET' | 'POST' | 'DELETE', path: string, state?: PublicationState) =>
  route(name, method, (id) => path.replace('{id}', id), undefined, state);

/** A POST that names the vehicle in its body. */
const inBody = (name: string, path: string, body: Record<string, unknown> = {}) =>
  route(
    name,
    'POST',
    () => path,
    (id) => ({ id, ...body }),
  );

/** Every route that names a vehicle, by path or in its body; `state` is one the route would act on for its owner. */
const ROUTES_ON_A: Route[] = [
  onPath('read', 'GET', '/api/browser/v0/contents/{id}'),
  onPath('pending changes', 'GET', '/api/browser/v0/contents/pending_changes/{id}'),
  route(
    'update',
    'POST',
    (id) => `${API}/${id}`,
    () => vehicleBody(),
  ),
  inBody('extendinfo', '/api/browser/v0/contents/extendinfo', { maker: 'X' }),
  inBody('defect display', '/api/browser/v0/contents/defect_display', { display: true }),
  inBody('development view display', '/api/browser/v0/contents/development_view_disp', { display: true }),
  inBody('development view position', '/api/browser/v0/contents/development_view_position', { position: 'outside' }),
  inBody('inspection display', '/api/browser/v0/contents/cs-car-inspection-display', { display: true }),
  inBody('inspection', '/api/browser/v0/contents/cs-car-inspection', { inspector_name: 'Intruder' }),
  route('analytics read', 'GET', (id) => `/api/browser/v0/analytics_settings?contentsID=${id}`),
  route(
    'analytics write',
    'POST',
    () => '/api/browser/v0/analytics_settings',
    (id) => ({ content_id: id, enabled: false, tag: '' }),
  ),
  onPath('panel symbols', 'GET', '/api/browser/v0/contents/{id}/cs-car-inspection/development-view-number-to-symbol'),
  onPath('publish', 'POST', '/api/browser/v0/contents/public/{id}'),
  onPath('unpublish', 'POST', '/api/browser/v0/contents/private/{id}', 'published'),
  onPath('sleep', 'POST', '/api/browser/v0/contents/sleep/{id}'),
  onPath('wake', 'POST', '/api/browser/v0/contents/wakeup/{id}', 'sleeping'),
  onPath('restore', 'POST', '/api/browser/v0/contents/restore/{id}', 'deleted'),
  onPath('VR on', 'POST', '/api/browser/v0/contents/vrmode/on/{id}'),
  onPath('VR off', 'POST', '/api/browser/v0/contents/vrmode/off/{id}'),
  onPath('delete', 'DELETE', '/api/browser/v0/contents/{id}'),
  onPath('delete for good', 'DELETE', '/api/browser/v0/contents/{id}?deleteType=hard', 'deleted'),
  route(
    'bulk delete',
    'POST',
    () => '/api/browser/v0/contents/delete/bulk',
    (id) => ({ ids: [id] }),
  ),
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
      url: API,
      payload: vehicleBody({ domain_id: a.sup.domainId }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields[0].field).toBe('domain_id');
    const ok = await call(sessions.superB!, { method: 'POST', url: API, payload: vehicleBody() });
    expect(ok.json()).toMatchObject({ domain_id: b.sup.domainId, owner: { id: b.sup.id } });
  });

  it("counts only the caller's own domain in check_contents_limit", async () => {
    await t.make.vehicles(a.sup, { count: 3 });
    const limit = async () =>
      (await call(sessions.superB!, { method: 'GET', url: '/api/browser/v0/check_contents_limit' })).json();
    const before = await limit();
    await t.make.vehicles(a.sup, { count: 2 });
    const after = await limit();
    expect(after).toEqual(before);
  });

  it('refuses the access token on the content API', async () => {
    const [id] = await t.make.vehicles(a.normal);
    const res = await t.app.inject({ method: 'GET', url: `${API}/${id}`, headers: sessions.normalA!.headers });
    expect(res.statusCode).toBe(401);
  });
});
