import { TRANSFER_MAX } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { runWholeContentJob } from '../../src/modules/contents/transfer-work.ts';
import { useTestApp } from '../helpers/app.ts';
import type { Tenant } from '../helpers/factory.ts';
import { contentApi } from './content-api.ts';

/**
 * Transfer and copy through the API. This app has no job runner, so each process runs in the request once its
 * row is committed (processes.test.ts runs them on pg-boss); the rules are the same either way.
 */

const t = useTestApp();

async function dealer(options: Record<string, unknown> = {}) {
  const tenant = await t.make.tenant({ options });
  const sup = await t.make.signedIn({ tenant, privilege_type: 'super' });
  const admin = await t.make.signedIn({ tenant, privilege_type: 'admin' });
  const normal = await t.make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  const colleague = await t.make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  const otherAdmin = await t.make.signedIn({ tenant, privilege_type: 'admin' });
  const otherNormal = await t.make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: otherAdmin.id });
  return { tenant, sup, admin, normal, colleague, otherAdmin, otherNormal };
}

const ownerOf = async (id: string) =>
  (await t.db.selectFrom('contents').select('owner_user_id').where('id', '=', id).executeTakeFirstOrThrow())
    .owner_user_id;
const processesOn = (id: string) =>
  t.db.selectFrom('content_processes').selectAll().where('content_id', '=', id).execute();
const transfer = (who: { contentToken: string }, ids: readonly string[], to: string) =>
  contentApi(t.app, who).post(`/contents/transfer/${ids.join(',')}/${to}`);

describe('POST /contents/transfer/{a}/{b}', () => {
  it('gives the vehicle to the recipient through a transfer process that ends succeeded', async () => {
    const d = await dealer();
    const [car] = await t.make.vehicles(d.normal, { fields: { maker: 'Mazda' } });
    const res = await transfer(d.sup, [car!], d.otherNormal.id);
    expect(res.statusCode).toBe(202);
    expect(res.json().processes).toEqual([
      {
        content_id: car,
        process: expect.objectContaining({ process: 'transfer', status: 'succeeded', progress: 100, error: null }),
      },
    ]);
    expect(await ownerOf(car!)).toBe(d.otherNormal.id);
    const [row] = await processesOn(car!);
    expect(row).toMatchObject({ actor_user_id: d.sup.id, attempts: 1 });
    expect(row!.payload).toEqual({ from_user_id: d.normal.id, to_user_id: d.otherNormal.id });
    const now = await contentApi(t.app, d.otherNormal).get(`/contents/${car}`);
    expect(now.json()).toMatchObject({ owner: { id: d.otherNormal.id }, maker: 'Mazda' });
  });

  it('never gives a vehicle to the user it already belongs to (transfer_same_user), and starts nothing', async () => {
    const d = await dealer();
    const [car] = await t.make.vehicles(d.normal);
    const res = await transfer(d.sup, [car!], d.normal.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'transfer_same_user', params: { content_id: car } });
    expect(await processesOn(car!)).toEqual([]);
  });

  it('moves a bulk selection in one call, one process each, or none of it when one vehicle is refused', async () => {
    const d = await dealer();
    const cars = await t.make.vehicles(d.normal, { count: 3 });
    const [own] = await t.make.vehicles(d.colleague);
    const refused = await transfer(d.sup, [...cars, own!], d.colleague.id);
    expect(refused.statusCode).toBe(409);
    for (const car of cars) expect(await ownerOf(car)).toBe(d.normal.id);
    expect(await processesOn(cars[0]!)).toEqual([]);

    const res = await transfer(d.sup, cars, d.colleague.id);
    expect(res.statusCode).toBe(202);
    expect(res.json().processes.map((p: { content_id: string }) => p.content_id)).toEqual(cars);
    for (const car of cars) expect(await ownerOf(car)).toBe(d.colleague.id);
  });

  it('lets an admin give only to the normal users of their group, and only vehicles they see', async () => {
    const d = await dealer();
    const [mine] = await t.make.vehicles(d.admin);
    const [othersCar] = await t.make.vehicles(d.otherNormal);
    expect((await transfer(d.admin, [mine!], d.otherNormal.id)).json().error.code).toBe('not_found');
    expect((await transfer(d.admin, [mine!], d.otherAdmin.id)).json().error.code).toBe('not_found');
    expect((await transfer(d.admin, [mine!], d.sup.id)).json().error.code).toBe('not_found');
    expect((await transfer(d.admin, [othersCar!], d.normal.id)).statusCode).toBe(404);
    expect((await transfer(d.admin, [mine!], d.normal.id)).statusCode).toBe(202);
    expect(await ownerOf(mine!)).toBe(d.normal.id);
    expect(await ownerOf(othersCar!)).toBe(d.otherNormal.id);
  });

  it('refuses a vehicle a running process locks (content_locked naming it), and allows it once the process ended', async () => {
    const d = await dealer();
    const [car] = await t.make.vehicles(d.normal, { process: 'running', processName: 'exterior_defect' });
    const res = await transfer(d.sup, [car!], d.colleague.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'content_locked',
      params: { process: 'exterior_defect', operation: 'CONTENT.TRANSFER' },
    });
    expect(await ownerOf(car!)).toBe(d.normal.id);
    await t.make.update.processesOf(d.normal.id, 'succeeded');
    expect((await transfer(d.sup, [car!], d.colleague.id)).statusCode).toBe(202);
    expect(await ownerOf(car!)).toBe(d.colleague.id);
  });

  it("applies the recipient's limit to the vehicles that count (a sleeping one does not)", async () => {
    const d = await dealer();
    await t.make.update.user(d.colleague.id, { car_limit: 1 });
    await t.make.vehicles(d.colleague);
    const [counted] = await t.make.vehicles(d.normal);
    const [sleeping] = await t.make.vehicles(d.normal, { publication: 'sleeping' });
    const full = await transfer(d.sup, [counted!], d.colleague.id);
    expect(full.statusCode).toBe(403);
    expect(full.json().error).toMatchObject({
      code: 'vehicle_limit_reached',
      params: { limit: 1, limited_by: 'user' },
    });
    expect(await ownerOf(counted!)).toBe(d.normal.id);
    expect((await transfer(d.sup, [sleeping!], d.colleague.id)).statusCode).toBe(202);
    expect(await ownerOf(sleeping!)).toBe(d.colleague.id);
  });

  it('refuses a deleted vehicle (restore it first) and one deleted for good (not found)', async () => {
    const d = await dealer();
    const [trashed] = await t.make.vehicles(d.normal, { publication: 'deleted' });
    const [gone] = await t.make.vehicles(d.normal, { publication: 'permanently_deleted' });
    const res = await transfer(d.sup, [trashed!], d.colleague.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'invalid_state_transition', params: { reason: 'restore_first' } });
    expect((await transfer(d.sup, [gone!], d.colleague.id)).statusCode).toBe(404);
  });

  it("keeps a vehicle in its domain: master cannot give it to another tenant's user", async () => {
    const d = await dealer();
    const other = await dealer();
    const master = await t.make.master();
    const [car] = await t.make.vehicles(d.normal);
    const res = await transfer(master, [car!], other.normal.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'user_id', rule: 'one_of' })]);
    expect((await transfer(master, [car!], d.colleague.id)).statusCode).toBe(202);
  });

  it('names the bad part of the path: ids that are not ids, too many ids, an unknown recipient', async () => {
    const d = await dealer();
    const [car] = await t.make.vehicles(d.normal);
    const bad = await contentApi(t.app, d.sup).post(`/contents/transfer/${car},abc/${d.colleague.id}`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0].field).toMatch(/^content_ids/);
    const many = Array.from({ length: TRANSFER_MAX + 1 }, (_, i) => String(i + 1));
    expect((await transfer(d.sup, many, d.colleague.id)).statusCode).toBe(422);
    expect((await transfer(d.sup, [car!], '999999999')).statusCode).toBe(404);
    expect(await processesOn(car!)).toEqual([]);
  });
});

describe('POST /normaluser/contents/transfer', () => {
  const normalTransfer = (who: { contentToken: string }, ids: string[], to: string) =>
    contentApi(t.app, who).post('/normaluser/contents/transfer', { content_ids: ids, user_id: to });

  it('is refused to a normal user while the domain option is off (forbidden)', async () => {
    const d = await dealer({ normal_user_transfer: false });
    const [car] = await t.make.vehicles(d.normal);
    const res = await normalTransfer(d.normal, [car!], d.colleague.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect((await transfer(d.normal, [car!], d.colleague.id)).statusCode).toBe(403);
    expect(await ownerOf(car!)).toBe(d.normal.id);
  });

  it('lets a normal user give their own vehicle within their group where the domain allows it', async () => {
    const d = await dealer({ normal_user_transfer: true });
    const [first, second] = await t.make.vehicles(d.normal, { count: 2 });
    const [colleagues] = await t.make.vehicles(d.colleague);
    expect((await normalTransfer(d.normal, [first!], d.otherNormal.id)).statusCode).toBe(404);
    expect((await normalTransfer(d.normal, [colleagues!], d.admin.id)).statusCode).toBe(404);
    expect((await normalTransfer(d.normal, [first!], d.colleague.id)).statusCode).toBe(202);
    expect((await normalTransfer(d.normal, [second!], d.admin.id)).statusCode).toBe(202);
    expect(await ownerOf(first!)).toBe(d.colleague.id);
    expect(await ownerOf(second!)).toBe(d.admin.id);
  });

  it('checks its body: ids and a user, at most TRANSFER_MAX vehicles', async () => {
    const d = await dealer({ normal_user_transfer: true });
    const res = await contentApi(t.app, d.normal).post('/normaluser/contents/transfer', { content_ids: [] });
    expect(res.statusCode).toBe(422);
    const fields = res.json().error.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['content_ids', 'user_id']));
  });
});

describe('POST /contents/copy', () => {
  const copy = (who: { contentToken: string }, id: string) => contentApi(t.app, who).post('/contents/copy', { id });
  const copiesOf = (owner: string, tenant: Tenant) =>
    t.db
      .selectFrom('contents')
      .selectAll()
      .where('owner_user_id', '=', owner)
      .where('domain_id', '=', tenant.domainId)
      .where('management_id', 'like', '%-copy%')
      .orderBy('id')
      .execute();

  it('copies the vehicle for its owner under a new management ID, unpublished and without media', async () => {
    const d = await dealer();
    const [car] = await t.make.vehicles(d.normal, {
      publication: 'published',
      fields: { management_id: 'STOCK-7', maker: 'Honda', car_name: 'Fit', mileage: 1200, has_exterior: true },
    });
    const res = await copy(d.admin, car!);
    expect(res.statusCode).toBe(202);
    expect(res.json().processes[0]).toMatchObject({
      content_id: car,
      process: { process: 'copy', status: 'succeeded' },
    });
    const [made] = await copiesOf(d.normal.id, d.tenant);
    expect(made).toMatchObject({
      management_id: 'STOCK-7-copy',
      maker: 'Honda',
      car_name: 'Fit',
      mileage: 1200,
      publication: 'unpublished',
      has_exterior: false,
      creator_user_id: d.admin.id,
    });
    const [row] = await processesOn(car!);
    expect(row!.payload).toEqual({ copy_id: made!.id, copy_management_id: 'STOCK-7-copy' });

    expect((await copy(d.admin, car!)).statusCode).toBe(202);
    expect((await copiesOf(d.normal.id, d.tenant)).map((c) => c.management_id)).toEqual([
      'STOCK-7-copy',
      'STOCK-7-copy2',
    ]);
  });

  it("counts the copy against the owner's limit", async () => {
    const d = await dealer();
    await t.make.update.user(d.normal.id, { car_limit: 1 });
    const [car] = await t.make.vehicles(d.normal);
    const res = await copy(d.normal, car!);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('vehicle_limit_reached');
    expect(await copiesOf(d.normal.id, d.tenant)).toEqual([]);
  });

  it('refuses a vehicle being processed, or one the caller cannot see', async () => {
    const d = await dealer();
    const [busy] = await t.make.vehicles(d.normal, { process: 'queued', processName: 'interior_enhance' });
    const [others] = await t.make.vehicles(d.otherNormal);
    const locked = await copy(d.normal, busy!);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.params.process).toBe('interior_enhance');
    expect((await copy(d.admin, others!)).statusCode).toBe(404);
    expect(await copiesOf(d.normal.id, d.tenant)).toEqual([]);
  });
});

describe('a process run twice', () => {
  it('transfers once: a finished process is skipped', async () => {
    const d = await dealer();
    const [car] = await t.make.vehicles(d.normal);
    const res = await transfer(d.sup, [car!], d.colleague.id);
    const processId = res.json().processes[0].process.id as string;
    expect(await runWholeContentJob(t.db, 'transfer', processId, { lastAttempt: true })).toBe('skipped');
    expect(await runWholeContentJob(t.db, 'copy', processId, { lastAttempt: true })).toBe('skipped');
    expect(await ownerOf(car!)).toBe(d.colleague.id);
    expect(await processesOn(car!)).toHaveLength(1);
  });
});
