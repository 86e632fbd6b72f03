import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { contentApi, vehicleBody } from './content-api.ts';

/**
 * Vehicle limits through the API: the user's car limit, the domain's vehicle limit per user or per domain;
 * sleeping and deleted vehicles are not counted; waking and restoring check the limits again.
 */

const t = useTestApp();

async function dealerWith(options: { carLimit?: number; vehicleLimit?: number; mode?: 'per_user' | 'per_domain' }) {
  const tenant = await t.make.tenant({
    options: {
      ...(options.vehicleLimit !== undefined ? { vehicle_limit: options.vehicleLimit } : {}),
      ...(options.mode ? { limit_mode: options.mode } : {}),
    },
  });
  const user = await t.make.signedIn({ tenant, car_limit: options.carLimit ?? null });
  return { tenant, user, api: contentApi(t.app, user) };
}

const stateOf = async (id: string) =>
  (await t.db.selectFrom('contents').select('publication').where('id', '=', id).executeTakeFirstOrThrow()).publication;

describe("the user's car limit", () => {
  it('registers up to the limit, then refuses with vehicle_limit_reached and registers nothing', async () => {
    const { user, api } = await dealerWith({ carLimit: 2 });
    expect(await (await api.get('/check_contents_limit')).json()).toEqual({
      can_add: true,
      count: 0,
      limit: 2,
      limited_by: 'user',
    });
    expect((await api.post('/contents', vehicleBody())).statusCode).toBe(201);
    expect((await api.post('/contents', vehicleBody())).statusCode).toBe(201);
    const over = await api.post('/contents', vehicleBody());
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toMatchObject({
      code: 'vehicle_limit_reached',
      params: { limit: 2, limited_by: 'user', count: 2 },
    });
    expect((await api.get('/check_contents_limit')).json()).toEqual({
      can_add: false,
      count: 2,
      limit: 2,
      limited_by: 'user',
    });
    const owned = await t.db.selectFrom('contents').select('id').where('owner_user_id', '=', user.id).execute();
    expect(owned).toHaveLength(2);
  });

  it('does not count sleeping or deleted vehicles, and counts them again on waking and restoring', async () => {
    const { user, api } = await dealerWith({ carLimit: 2 });
    const [sleeper] = await t.make.vehicles(user, { publication: 'sleeping' });
    const [trashed] = await t.make.vehicles(user, { publication: 'deleted' });
    await t.make.vehicles(user, { publication: 'permanently_deleted' });
    await t.make.vehicles(user, { count: 2, publication: 'published' });
    expect((await api.get('/check_contents_limit')).json()).toMatchObject({ can_add: false, count: 2 });

    const wake = await api.post(`/contents/wakeup/${sleeper}`);
    expect(wake.statusCode).toBe(403);
    expect(wake.json().error.code).toBe('vehicle_limit_reached');
    expect(await stateOf(sleeper!)).toBe('sleeping');
    const restore = await api.post(`/contents/restore/${trashed}`);
    expect(restore.statusCode).toBe(403);
    expect(await stateOf(trashed!)).toBe('deleted');

    // Putting one to sleep makes room: the sleeper can wake in its place.
    const [, live] = await t.db
      .selectFrom('contents')
      .select('id')
      .where('owner_user_id', '=', user.id)
      .where('publication', '=', 'published')
      .orderBy('id')
      .execute();
    expect((await api.post(`/contents/sleep/${live!.id}`)).statusCode).toBe(200);
    expect((await api.post(`/contents/wakeup/${sleeper}`)).statusCode).toBe(200);
    expect((await api.post(`/contents/restore/${trashed}`)).statusCode).toBe(403);
    expect((await api.delete(`/contents/${sleeper}`)).statusCode).toBe(200);
    expect((await api.post(`/contents/restore/${trashed}`)).statusCode).toBe(200);
  });

  it("checks the owner's limits when a super wakes a normal user's vehicle", async () => {
    const { tenant, api } = await dealerWith({});
    const normal = await t.make.user({ tenant, privilege_type: 'normal', car_limit: 1 });
    await t.make.vehicles(normal);
    const [sleeper] = await t.make.vehicles(normal, { publication: 'sleeping' });
    const res = await api.post(`/contents/wakeup/${sleeper}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.params).toMatchObject({ limited_by: 'user', limit: 1 });
  });

  it('has no limit when none is set', async () => {
    const { user, api } = await dealerWith({});
    await t.make.vehicles(user, { count: 5 });
    expect((await api.get('/check_contents_limit')).json()).toEqual({
      can_add: true,
      count: 5,
      limit: null,
      limited_by: null,
    });
  });

  it('refuses everything at a car limit of 0', async () => {
    const { api } = await dealerWith({ carLimit: 0 });
    expect((await api.post('/contents', vehicleBody())).statusCode).toBe(403);
  });
});

describe("the domain's vehicle limit", () => {
  it('per domain: all users of the domain share it', async () => {
    const { tenant, user, api } = await dealerWith({ vehicleLimit: 3, mode: 'per_domain' });
    const colleague = await t.make.signedIn({ tenant, privilege_type: 'admin' });
    await t.make.vehicles(colleague, { count: 2 });
    await t.make.vehicles(colleague, { publication: 'sleeping' });
    expect((await api.post('/contents', vehicleBody())).statusCode).toBe(201);
    const over = await contentApi(t.app, colleague).post('/contents', vehicleBody());
    expect(over.statusCode).toBe(403);
    expect(over.json().error.params).toMatchObject({ limited_by: 'domain', limit: 3, count: 3 });
    expect((await api.get('/check_contents_limit')).json()).toEqual({
      can_add: false,
      count: 3,
      limit: 3,
      limited_by: 'domain',
    });
    // Another domain's vehicles never count.
    const other = await t.make.user();
    await t.make.vehicles(other, { count: 4 });
    expect((await contentApi(t.app, user).get('/check_contents_limit')).json().count).toBe(3);
  });

  it('per user: each user has the whole limit to themself', async () => {
    const { tenant, user, api } = await dealerWith({ vehicleLimit: 2, mode: 'per_user' });
    const colleague = await t.make.signedIn({ tenant, privilege_type: 'admin' });
    await t.make.vehicles(colleague, { count: 2 });
    await t.make.vehicles(user);
    expect((await api.post('/contents', vehicleBody())).statusCode).toBe(201);
    const over = await api.post('/contents', vehicleBody());
    expect(over.json().error).toMatchObject({ code: 'vehicle_limit_reached', params: { limited_by: 'domain' } });
    expect((await contentApi(t.app, colleague).post('/contents', vehicleBody())).statusCode).toBe(403);
  });

  it('names the tightest of the user and domain limits', async () => {
    const { user, api } = await dealerWith({ carLimit: 10, vehicleLimit: 5, mode: 'per_domain' });
    await t.make.vehicles(user, { count: 4 });
    expect((await api.get('/check_contents_limit')).json()).toEqual({
      can_add: true,
      count: 4,
      limit: 5,
      limited_by: 'domain',
    });
  });

  it('lets only one of two simultaneous registrations take the last place', async () => {
    const { api } = await dealerWith({ vehicleLimit: 1, mode: 'per_domain' });
    const results = await Promise.all([api.post('/contents', vehicleBody()), api.post('/contents', vehicleBody())]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
  });
});
