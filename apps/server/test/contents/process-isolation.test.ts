import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { callerOf } from '../helpers/isolation.ts';

/**
 * Tenant isolation and role visibility on the process routes (is_processing, contents_processing, transfer,
 * transfer recipients, normal-user transfer, copy): every user of company B, and the users of company A outside the vehicle's group,
 * get 404 or nothing for company A's vehicle, and nothing changes; a transfer cannot give B's vehicle to A's user
 * either. The live-progress socket's isolation is in realtime.test.ts (it is not an HTTP route).
 */

const t = useTestApp();

interface Company {
  sup: SignedInUser;
  admin: SignedInUser;
  admin2: SignedInUser;
  normal: SignedInUser;
  normalPeer: SignedInUser;
  /** The normal user's vehicle, with a running process. */
  car: string;
}
let a: Company;
let b: Company;

async function company(): Promise<Company> {
  const tenant = await t.make.tenant({ options: { normal_user_transfer: true } });
  const sup = await t.make.signedIn({ tenant, privilege_type: 'super' });
  const admin = await t.make.signedIn({ tenant, privilege_type: 'admin' });
  const admin2 = await t.make.signedIn({ tenant, privilege_type: 'admin' });
  const normal = await t.make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  const normalPeer = await t.make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  const [car] = await t.make.vehicles(normal, { process: 'running', processName: 'tour_movie' });
  return { sup, admin, admin2, normal, normalPeer, car: car! };
}

beforeAll(async () => {
  a = await company();
  b = await company();
});

const call = callerOf(t);

/** Everyone who must not reach company A's normal user's vehicle. */
const outsiders = () => [b.sup, b.admin, b.normal, a.admin2, a.normalPeer];

const snapshot = async () => ({
  owners: await t.db.selectFrom('contents').select(['id', 'owner_user_id']).orderBy('id').execute(),
  processes: await t.db.selectFrom('content_processes').select(['id', 'status']).orderBy('id').execute(),
});

describe('process routes across tenants and groups', () => {
  it("GET /contents/is_processing/{id}: not_found for a vehicle outside the caller's sight", async () => {
    for (const who of outsiders()) {
      const res = await call(who, { method: 'GET', url: `/api/browser/v0/contents/is_processing/${a.car}` });
      expect(res.statusCode, who.email).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    for (const who of [a.sup, a.admin, a.normal]) {
      const res = await call(who, { method: 'GET', url: `/api/browser/v0/contents/is_processing/${a.car}` });
      expect(res.json().is_processing, who.email).toBe(true);
    }
  });

  it("GET /contents/recent_processes/{id}: not_found outside the caller's sight; within it, ended runs too", async () => {
    const url = `/api/browser/v0/contents/recent_processes/${a.car}`;
    for (const who of outsiders()) {
      const res = await call(who, { method: 'GET', url });
      expect(res.statusCode, who.email).toBe(404);
    }
    // An AI run that ended before the vehicle's running one: both answered, the newest first.
    await t.db
      .insertInto('content_processes')
      .values({
        content_id: a.car,
        process: 'exterior_autodetect_angle',
        status: 'succeeded',
        progress: 100,
        started_at: new Date(Date.now() - 3_600_000),
        finished_at: new Date(Date.now() - 3_590_000),
      })
      .execute();
    const res = await call(a.normal, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    const runs = res.json().processes as { process: string; status: string }[];
    expect(runs.map((p) => [p.process, p.status])).toEqual([
      ['tour_movie', 'running'],
      ['exterior_autodetect_angle', 'succeeded'],
    ]);
  });

  it("GET /contents/process/{id}/{process_id}: not_found outside the caller's sight, the process within it", async () => {
    const row = await t.db
      .selectFrom('content_processes')
      .select('id')
      .where('content_id', '=', a.car)
      .where('process', '=', 'tour_movie')
      .executeTakeFirstOrThrow();
    const url = `/api/browser/v0/contents/process/${a.car}/${row.id}`;
    for (const who of outsiders()) {
      const res = await call(who, { method: 'GET', url });
      expect(res.statusCode, who.email).toBe(404);
      // Nor through a vehicle of their own: the process must be the named vehicle's.
      const own = await call(who, { method: 'GET', url: `/api/browser/v0/contents/process/${b.car}/${row.id}` });
      expect(own.statusCode, who.email).toBe(404);
    }
    const res = await call(a.normal, { method: 'GET', url });
    expect(res.json()).toMatchObject({ content_id: a.car, process: { id: row.id, process: 'tour_movie' } });
  });

  it("GET /contents_processing: nothing of a vehicle outside the caller's sight, even when asked by id", async () => {
    for (const who of outsiders()) {
      for (const url of [
        '/api/browser/v0/contents_processing',
        `/api/browser/v0/contents_processing?content_ids=${a.car}`,
      ]) {
        const res = await call(who, { method: 'GET', url });
        expect(res.statusCode).toBe(200);
        const ids = (res.json().processes as { content_id: string }[]).map((p) => p.content_id);
        expect(ids, `${who.email} ${url}`).not.toContain(a.car);
      }
    }
  });

  it('POST /contents/transfer/{a}/{b}: another tenant can neither take a vehicle nor give one across', async () => {
    const before = await snapshot();
    const tries: [SignedInUser, string, string][] = [
      [b.sup, a.car, b.normal.id],
      [b.sup, a.car, a.normalPeer.id],
      [b.admin, a.car, b.normal.id],
      [a.admin2, a.car, a.admin2.id],
      [b.sup, b.car, a.normal.id],
      [b.admin, b.car, a.normalPeer.id],
    ];
    for (const [who, car, to] of tries) {
      const res = await call(who, { method: 'POST', url: `/api/browser/v0/contents/transfer/${car}/${to}` });
      expect(res.statusCode, `${who.email} ${car} -> ${to}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('GET /contents/transfer-recipients: no user of another tenant, and not_found for a vehicle outside sight', async () => {
    const aUsers = [a.sup, a.admin, a.admin2, a.normal, a.normalPeer].map((u) => u.id);
    for (const who of [b.sup, b.admin, b.normal]) {
      const res = await call(who, { method: 'GET', url: '/api/browser/v0/contents/transfer-recipients' });
      expect(res.statusCode, who.email).toBe(200);
      const ids = (res.json().items as { id: string }[]).map((u) => u.id);
      expect(ids.length, who.email).toBeGreaterThan(0);
      expect(
        ids.filter((id) => aUsers.includes(id)),
        who.email,
      ).toEqual([]);
    }
    for (const who of outsiders()) {
      const res = await call(who, {
        method: 'GET',
        url: `/api/browser/v0/contents/transfer-recipients?content_ids=${a.car}`,
      });
      expect(res.statusCode, who.email).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('POST /normaluser/contents/transfer: a normal user reaches no other tenant, by vehicle or by recipient', async () => {
    const before = await snapshot();
    const tries: [SignedInUser, string, string][] = [
      [b.normal, a.car, b.admin.id],
      [b.normal, b.car, a.admin.id],
      [b.normal, b.car, a.normalPeer.id],
      [a.normalPeer, a.car, a.admin.id],
    ];
    for (const [who, car, to] of tries) {
      const res = await call(who, {
        method: 'POST',
        url: '/api/browser/v0/normaluser/contents/transfer',
        payload: { content_ids: [car], user_id: to },
      });
      expect(res.statusCode, `${who.email} ${car} -> ${to}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("POST /contents/copy: not_found for another tenant's or group's vehicle, and no copy made", async () => {
    await t.make.update.processesOf(a.normal.id, 'succeeded');
    const before = await snapshot();
    for (const who of outsiders()) {
      const res = await call(who, { method: 'POST', url: '/api/browser/v0/contents/copy', payload: { id: a.car } });
      expect(res.statusCode, who.email).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
    const own = await call(a.admin, { method: 'POST', url: '/api/browser/v0/contents/copy', payload: { id: a.car } });
    expect(own.statusCode).toBe(202);
  });
});
