import { beforeAll, describe, expect, it } from 'vitest';
import { movieBackupRepo } from '../../src/modules/exterior/backup-repo.ts';
import { contentApi } from '../contents/content-api.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { TURNTABLE, turntableVideo } from '../helpers/turntable.ts';
import { readyUpload, rowsOf } from './pipeline-helpers.ts';

/**
 * A dealer's trim of a row (issue 18 point 1, trim-*.ts): a walk-around of 1.25 turns gives `more_than_turn`; the
 * row made again from its first 8.2 s (one turn and a little, the close found inside) gives one turn; every wrong
 * range is refused naming its field and rule; a row whose original is gone says "upload again".
 */

const t = useTestApp();
let owner: SignedInUser;
let admin: SignedInUser;
let car: string;
let group: string;

const trimUrl = (content = car, row = group) => `/exterior/${content}/rows/${row}/trim`;
const trim = (who: SignedInUser, body: Record<string, unknown>, content = car) =>
  contentApi(t.app, who).post(trimUrl(content), body);

beforeAll(async () => {
  const tenant = await t.make.tenant();
  admin = await t.make.signedIn({ tenant, privilege_type: 'admin' });
  owner = await t.make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  [car] = (await t.make.vehicles(owner)) as [string];
  const upload = await readyUpload(t, owner, car, await turntableVideo(1.25));
  const made = await contentApi(t.app, owner).post(`/exterior/${car}`, { upload_ids: [upload] });
  expect(made.json().process.status, made.body).toBe('succeeded');
  const [row] = await rowsOf(t.db, car);
  group = row!.group.id;
  expect((row!.group.loop as { verdict: string }).verdict).toBe('more_than_turn');
});

describe('trimming a row to its one turn', () => {
  it('tells what can be trimmed: the kept original, its length, the frames on its clock', async () => {
    const res = await contentApi(t.app, owner).get(trimUrl());
    expect(res.statusCode, res.body).toBe(200);
    const source = res.json();
    expect(source).toMatchObject({ group_id: group, group_order: 1, kept: true, min_seconds: 8, start_seconds: 0 });
    expect(Math.abs(source.source_seconds - TURNTABLE.seconds)).toBeLessThan(0.1);
    expect(Math.abs(source.end_seconds - TURNTABLE.seconds / 1.25)).toBeLessThanOrEqual(0.1);
    expect(source.frame_seconds).toHaveLength(36);
    // The manager above the owner sees it too, as every exterior read.
    expect((await contentApi(t.app, admin).get(trimUrl())).statusCode).toBe(200);
  });

  it.each([
    [{ start_seconds: 5, end_seconds: 5 }, 'end_seconds', 'after_start'],
    [{ start_seconds: 1, end_seconds: 10.5 }, 'end_seconds', 'within_source'],
    [{ start_seconds: 2, end_seconds: 7 }, 'end_seconds', 'min_duration'],
  ])('refuses %j naming %s (%s), starting nothing', async (body, field, rule) => {
    const res = await trim(owner, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field, rule })]);
  });

  it('refuses a negative start and a missing end by the schema', async () => {
    for (const body of [{ start_seconds: -1, end_seconds: 9 }, { start_seconds: 0 }]) {
      const res = await trim(owner, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });

  it("hides another tenant's vehicle and row (404), and another tenant's row under the caller's own vehicle", async () => {
    const stranger = await t.make.signedIn({ privilege_type: 'super' });
    expect((await contentApi(t.app, stranger).get(trimUrl())).statusCode).toBe(404);
    expect((await trim(stranger, { start_seconds: 0, end_seconds: 8.2 })).statusCode).toBe(404);
    const [own] = (await t.make.vehicles(stranger)) as [string];
    expect((await contentApi(t.app, stranger).get(trimUrl(own))).statusCode).toBe(404);
    expect((await trim(stranger, { start_seconds: 0, end_seconds: 8.2 }, own)).statusCode).toBe(404);
  });

  it('makes the row again from the part kept: one turn, the dealer told nothing more', async () => {
    const res = await trim(owner, { start_seconds: 0, end_seconds: 8.2 });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().process).toMatchObject({ process: 'multiple', status: 'succeeded', error: null });
    const [row] = await rowsOf(t.db, car);
    expect(row!.group).toMatchObject({ id: expect.any(String), group_order: 1, frame_count: 36, is_temp: false });
    const loop = row!.group.loop as Record<string, unknown>;
    expect(loop).toMatchObject({ verdict: 'one_turn', trim: { start_seconds: 0, end_seconds: 8.2 } });
    const exterior = await contentApi(t.app, owner).get(`/exterior/${car}`);
    expect(exterior.json().groups[0]).toMatchObject({ group_order: 1, turn_check: null });
    // The original stays, so the row can be trimmed again; its source is the remade row's too.
    group = row!.group.id;
    const source = (await contentApi(t.app, owner).get(trimUrl())).json();
    expect(source).toMatchObject({ kept: true, start_seconds: 0, end_seconds: 8.2 });
  });

  it('says "upload again" once the original is no longer kept', async () => {
    for (const backup of await movieBackupRepo(t.db).ofContent(car)) {
      await movieBackupRepo(t.db).markPurged(backup.id, new Date());
    }
    expect((await contentApi(t.app, owner).get(trimUrl())).json()).toMatchObject({ kept: false, source_seconds: null });
    const res = await trim(owner, { start_seconds: 0, end_seconds: 8.2 });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'group_id', rule: 'source_not_kept' })]);
  });
});
