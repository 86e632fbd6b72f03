import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { exteriorRepo } from '../../src/modules/exterior/repo.ts';
import { processService } from '../../src/modules/processes/service.ts';
import { uploadsRepo } from '../../src/modules/uploads/repo.ts';
import { keysOf } from '../../src/modules/vehicle-media/images.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior, testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';

/**
 * The exterior's answer and its direct edits on real frames and the real database: the answer's rows, frames,
 * obvr facts, settings, uploads and processes; reorder, delete a frame, a row and everything with renumbering,
 * flags and blob cleanup (a blob another frame still shows stays); the initial angle and row.
 */

const t = useTestApp();
const API = '/api/browser/v0';

let owner: SignedInUser;
let tenant: SignedInUser['tenant'];

beforeAll(async () => {
  tenant = await t.make.tenant({
    options: { obvr_rows_max: 3, obvr_initial_row: 2, exterior_upload_limit: 4, exterior_size: 'hd' },
  });
  owner = await t.make.signedIn({ tenant });
});

const api = (request: InjectOptions, who: SignedInUser = owner) =>
  t.app.inject({ ...request, headers: { ...(request.headers ?? {}), authorization: `Bearer ${who.contentToken}` } });
const getExterior = async (car: string) => {
  const res = await api({ method: 'GET', url: `${API}/exterior/${car}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const flags = (car: string) =>
  t.db
    .selectFrom('contents')
    .select(['has_exterior', 'thumbnail_key', 'updated_at'])
    .where('id', '=', car)
    .executeTakeFirstOrThrow();
const exists = (key: string) => testAppStore(t.dir).exists(key);

async function vehicle(rows: number[] = [6, 4]) {
  const [car] = (await t.make.vehicles(owner)) as [string];
  const seeded = await seedExterior(t, car, { rows });
  return { car, seeded };
}

describe('GET /exterior/{content_id}', () => {
  it('answers rows and frames in order with their images, the obvr facts and the domain settings', async () => {
    const { car, seeded } = await vehicle([6, 4]);
    const ext = await getExterior(car);
    expect(ext.content_id).toBe(car);
    expect(ext.initial_angle).toBe('front');
    expect(ext.groups.map((g: { group_order: number; frame_count: number }) => [g.group_order, g.frame_count])).toEqual(
      [
        [1, 6],
        [2, 4],
      ],
    );
    const first = ext.groups[0];
    expect(first.group_id).toBe(seeded.rows[0]!.id);
    expect(first.is_temp).toBe(false);
    expect(first.sheets.map((s: { id: string }) => s.id)).toEqual(seeded.rows[0]!.frameIds);
    expect(first.sheets.map((s: { order: number }) => s.order)).toEqual([0, 1, 2, 3, 4, 5]);
    const sheet = first.sheets[2];
    expect(sheet.url).toBe(sheet.image.renditions.display.jpeg);
    expect(first.first_sheet_url).toBe(first.sheets[0].url);
    expect(sheet).toMatchObject({ edit_kind: null, original: null, image: { width: 320, height: 180 } });
    expect(Object.keys(sheet.image.renditions).sort()).toEqual(['display', 'thumbnail', 'zoom']);
    const served = await t.app.inject({ method: 'GET', url: sheet.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    // Two rows of at most 6 frames; the domain's max rows (3) and initial row (2, within the rows there are).
    expect(ext.obvr).toEqual({
      rows: 2,
      max_rows: 3,
      initial_row: 2,
      number_of_columns: 6,
      row_digits: 1,
      column_digits: 1,
    });
    expect(ext.settings).toMatchObject({
      frame_count: 36,
      exterior_size: 'hd',
      upload_type: 'multiple_lines',
      upload_limit: 4,
      min_seconds: 8,
      rotation_correction: false,
      async_upload: false,
    });
    expect(ext.settings.max_bytes).toBeGreaterThan(100 * 1024 * 1024);
    expect(ext.extra_images).toBe(0);
    expect(ext.uploads).toEqual([]);
    expect(ext.processes).toEqual([]);
  });

  it("shows the caller's unfinished uploads of the vehicle and the running processes", async () => {
    const { car } = await vehicle([3]);
    const uploads = uploadsRepo(t.db);
    const other = await t.make.signedIn({ tenant });
    const ids = ['a', 'b', 'c', 'd', 'e'].map((c) => c.repeat(32));
    for (const [i, id] of ids.entries()) {
      await uploads.insert({
        id,
        contentId: car,
        userId: i === 4 ? other.id : owner.id,
        purpose: 'exterior',
        size: 1000 + i,
        fileName: `walk-${i}.mp4`,
      });
    }
    await uploads.move(ids[1]!, ['requested'], 'ready', { container: 'mp4' });
    await uploads.move(ids[2]!, ['requested'], 'canceled');
    await uploads.move(ids[3]!, ['requested'], 'error', { errorCode: 'unsupported_video_format' });
    const [running] = await processService(t.db).start([
      { contentId: car, process: 'multiple', actorUserId: owner.id },
    ]);
    const ext = await getExterior(car);
    // Requested, ready and the refused one (to say why); not the canceled one, nor another user's.
    expect(ext.uploads.map((u: { id: string; status: string }) => [u.id, u.status])).toEqual([
      [ids[0], 'requested'],
      [ids[1], 'ready'],
      [ids[3], 'error'],
    ]);
    expect(ext.uploads[2].error_code).toBe('unsupported_video_format');
    expect(ext.processes).toMatchObject([{ id: running!.id, process: 'multiple', status: 'queued' }]);
    await t.make.update.processesOf(owner.id, 'succeeded');
  });

  it('answers a vehicle without exterior with the domain frame count as columns', async () => {
    const [car] = (await t.make.vehicles(owner)) as [string];
    const ext = await getExterior(car);
    expect(ext.groups).toEqual([]);
    expect(ext.obvr).toMatchObject({ rows: 0, initial_row: 1, number_of_columns: 36, row_digits: 1, column_digits: 2 });
  });
});

describe('POST /exteriorimage/order', () => {
  it('puts the frames of a row in the order given, and the thumbnail follows the new first frame', async () => {
    const { car, seeded } = await vehicle([5, 3]);
    const reversed = [...seeded.rows[0]!.frameIds].reverse();
    const before = await flags(car);
    const res = await api({
      method: 'POST',
      url: `${API}/exteriorimage/order`,
      payload: { content_id: car, group_id: seeded.rows[0]!.id, sheet_ids: reversed },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().groups[0].sheets.map((s: { id: string }) => s.id)).toEqual(reversed);
    expect(res.json().groups[1].sheets.map((s: { id: string }) => s.id)).toEqual(seeded.rows[1]!.frameIds);
    const stored = await exteriorRepo(t.db).framesOf(seeded.rows[0]!.id);
    expect(stored.map((f) => [f.id, f.frame_order])).toEqual(reversed.map((id, i) => [id, i]));
    const after = await flags(car);
    expect(after.thumbnail_key).toBe(seeded.rows[0]!.images[4]!.renditions.thumbnail!.jpeg);
    expect(after.thumbnail_key).not.toBe(before.thumbnail_key);

    // The same order again changes nothing on the vehicle (no flag write, the wizard is not remounted).
    const again = await api({
      method: 'POST',
      url: `${API}/exteriorimage/order`,
      payload: { content_id: car, group_id: seeded.rows[0]!.id, sheet_ids: reversed },
    });
    expect(again.statusCode).toBe(200);
    expect((await flags(car)).updated_at).toEqual(after.updated_at);
  });

  it('refuses a list that is not every frame of the row exactly once, naming sheet_ids, and changes nothing', async () => {
    const { car, seeded } = await vehicle([4, 2]);
    const [row1, row2] = seeded.rows as [(typeof seeded.rows)[0], (typeof seeded.rows)[0]];
    const ids = row1.frameIds;
    const bad = [
      ids.slice(0, 3), // one missing
      [...ids, ids[0]!], // one twice
      [ids[0]!, ids[0]!, ids[1]!, ids[2]!], // a duplicate instead of one
      [...ids.slice(0, 3), row2.frameIds[0]!], // a frame of another row
      [...ids.slice(0, 3), '999999999'], // an unknown frame
    ];
    for (const sheetIds of bad) {
      const res = await api({
        method: 'POST',
        url: `${API}/exteriorimage/order`,
        payload: { content_id: car, group_id: row1.id, sheet_ids: sheetIds },
      });
      expect(res.statusCode, JSON.stringify(sheetIds)).toBe(422);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.fields).toMatchObject([{ field: 'sheet_ids', rule: 'one_of' }]);
    }
    const malformed = await api({
      method: 'POST',
      url: `${API}/exteriorimage/order`,
      payload: { content_id: car, group_id: row1.id, sheet_ids: ['abc'] },
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().error.fields[0].field).toMatch(/^sheet_ids/);
    // A row of another vehicle: not found.
    const { car: otherCar } = await vehicle([2]);
    const foreignRow = await api({
      method: 'POST',
      url: `${API}/exteriorimage/order`,
      payload: { content_id: otherCar, group_id: row1.id, sheet_ids: ids },
    });
    expect(foreignRow.statusCode).toBe(404);
    expect((await exteriorRepo(t.db).framesOf(row1.id)).map((f) => f.id)).toEqual(ids);
  });
});

describe('DELETE /exterior/{content_id}/frames/{frame_id}', () => {
  it("deletes a frame, renumbers the row, updates its frame count and deletes the frame's blobs", async () => {
    const { car, seeded } = await vehicle([5]);
    const row = seeded.rows[0]!;
    const gone = row.frameIds[1]!;
    const res = await api({ method: 'DELETE', url: `${API}/exterior/${car}/frames/${gone}` });
    expect(res.statusCode, res.body).toBe(200);
    const group = res.json().groups[0];
    expect(group.frame_count).toBe(4);
    expect(group.sheets.map((s: { id: string; order: number }) => [s.id, s.order])).toEqual(
      [row.frameIds[0], ...row.frameIds.slice(2)].map((id, i) => [id, i]),
    );
    expect((await exteriorRepo(t.db).group(car, row.id))?.frame_count).toBe(4);
    for (const key of keysOf(row.images[1]!)) expect(await exists(key), key).toBe(false);
    for (const key of keysOf(row.images[0]!)) expect(await exists(key), key).toBe(true);
    // Deleting the first frame moves the thumbnail to the next one.
    await api({ method: 'DELETE', url: `${API}/exterior/${car}/frames/${row.frameIds[0]}` });
    expect((await flags(car)).thumbnail_key).toBe(row.images[2]!.renditions.thumbnail!.jpeg);
    const twice = await api({ method: 'DELETE', url: `${API}/exterior/${car}/frames/${gone}` });
    expect(twice.statusCode).toBe(404);
  });

  it('keeps a blob another frame still shows (content-addressed: the same picture, the same keys)', async () => {
    const { car, seeded } = await vehicle([3]);
    const image = seeded.rows[0]!.images[0]!;
    // A second row made of the first row's first picture twice.
    await t.db.transaction().execute((trx) => exteriorRepo(trx).replaceGroup(car, 2, [image, image], null));
    const frames = await exteriorRepo(t.db).frames(car);
    const copies = frames.filter((f) => f.original.master === image.master).map((f) => f.id);
    expect(copies).toHaveLength(3);
    for (const [i, id] of copies.entries()) {
      const res = await api({ method: 'DELETE', url: `${API}/exterior/${car}/frames/${id}` });
      expect(res.statusCode).toBe(200);
      const last = i === copies.length - 1;
      for (const key of keysOf(image)) expect(await exists(key), `${key} after ${i + 1}`).toBe(!last);
    }
  });
});

describe('DELETE /exterior/{content_id}/rows/{group_id} and DELETE /exterior/{content_id}', () => {
  it('deletes a row, renumbers the rows after it and keeps the initial row on the same row', async () => {
    const { car, seeded } = await vehicle([2, 3, 4]);
    await exteriorRepo(t.db).saveSettings(car, { initial_row: 3 });
    const res = await api({ method: 'DELETE', url: `${API}/exterior/${car}/rows/${seeded.rows[0]!.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const ext = res.json();
    expect(ext.groups.map((g: { group_id: string; group_order: number }) => [g.group_id, g.group_order])).toEqual([
      [seeded.rows[1]!.id, 1],
      [seeded.rows[2]!.id, 2],
    ]);
    expect(ext.obvr).toMatchObject({ rows: 2, initial_row: 2, number_of_columns: 4 });
    for (const image of seeded.rows[0]!.images) for (const key of keysOf(image)) expect(await exists(key)).toBe(false);
    expect((await flags(car)).thumbnail_key).toBe(seeded.rows[1]!.images[0]!.renditions.thumbnail!.jpeg);
  });

  it('the last row gone: no exterior, no thumbnail', async () => {
    const { car, seeded } = await vehicle([3]);
    const res = await api({ method: 'DELETE', url: `${API}/exterior/${car}/rows/${seeded.rows[0]!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().groups).toEqual([]);
    expect(await flags(car)).toMatchObject({ has_exterior: false, thumbnail_key: null });
  });

  it('a row of another vehicle is not found and stays', async () => {
    const { seeded } = await vehicle([2]);
    const { car: other } = await vehicle([2]);
    const res = await api({ method: 'DELETE', url: `${API}/exterior/${other}/rows/${seeded.rows[0]!.id}` });
    expect(res.statusCode).toBe(404);
    expect(await exteriorRepo(t.db).framesOf(seeded.rows[0]!.id)).toHaveLength(2);
  });

  it('deletes the whole exterior with its settings and blobs', async () => {
    const { car, seeded } = await vehicle([3, 2]);
    await exteriorRepo(t.db).saveSettings(car, { initial_angle: 'left_45', initial_row: 2 });
    const res = await api({ method: 'DELETE', url: `${API}/exterior/${car}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ groups: [], initial_angle: 'front', obvr: { rows: 0, initial_row: 1 } });
    expect(await flags(car)).toMatchObject({ has_exterior: false, thumbnail_key: null });
    expect(await exteriorRepo(t.db).frames(car)).toEqual([]);
    for (const row of seeded.rows) for (const image of row.images) expect(await exists(image.master)).toBe(false);
  });
});

describe('initial angle and row', () => {
  it('POST /exterior/{id}/initial-angle keeps one of the five angles; another value is a field error', async () => {
    const { car } = await vehicle([2]);
    for (const angle of ['right_45', 'right_90', 'left_45', 'left_90', 'front']) {
      const res = await api({ method: 'POST', url: `${API}/exterior/${car}/initial-angle`, payload: { angle } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().initial_angle).toBe(angle);
    }
    const bad = await api({ method: 'POST', url: `${API}/exterior/${car}/initial-angle`, payload: { angle: 'back' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0].field).toBe('angle');
    expect((await exteriorRepo(t.db).settings(car))?.initial_angle).toBe('front');
  });

  it('POST /exterior/{id}/rows/initial takes a row up to the number of rows, naming row otherwise', async () => {
    const { car } = await vehicle([2, 2]);
    const ok = await api({ method: 'POST', url: `${API}/exterior/${car}/rows/initial`, payload: { row: 1 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().obvr.initial_row).toBe(1);
    const two = await api({ method: 'POST', url: `${API}/exterior/${car}/rows/initial`, payload: { row: 2 } });
    expect(two.json().obvr.initial_row).toBe(2);
    const past = await api({ method: 'POST', url: `${API}/exterior/${car}/rows/initial`, payload: { row: 3 } });
    expect(past.statusCode).toBe(422);
    expect(past.json().error.fields).toMatchObject([{ field: 'row', rule: 'range' }]);
    const zero = await api({ method: 'POST', url: `${API}/exterior/${car}/rows/initial`, payload: { row: 0 } });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().error.fields[0].field).toBe('row');
    expect((await exteriorRepo(t.db).settings(car))?.initial_row).toBe(2);
  });
});

describe('edits at the same time', () => {
  it('take turns: concurrent reorders and frame deletes never answer 5xx and leave the row numbered 0..n-1', async () => {
    const { car, seeded } = await vehicle([12]);
    const row = seeded.rows[0]!;
    const ids = row.frameIds;
    const requests: InjectOptions[] = [];
    for (let i = 0; i < 4; i++) {
      const rotated = [...ids.slice(i + 1), ...ids.slice(0, i + 1)];
      requests.push({
        method: 'POST',
        url: `${API}/exteriorimage/order`,
        payload: { content_id: car, group_id: row.id, sheet_ids: rotated },
      });
      requests.push({ method: 'DELETE', url: `${API}/exterior/${car}/frames/${ids[i * 3]}` });
    }
    const answers = await Promise.all(requests.map((r) => api(r)));
    for (const res of answers) expect([200, 422], res.body).toContain(res.statusCode);
    // Each delete went through; a reorder is refused once a frame it lists is gone (422 naming sheet_ids).
    expect(answers.filter((_res, i) => i % 2 === 1).map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const frames = await exteriorRepo(t.db).framesOf(row.id);
    expect(frames.map((f) => f.frame_order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect((await exteriorRepo(t.db).group(car, row.id))?.frame_count).toBe(8);
    expect(new Set(frames.map((f) => f.id))).toEqual(new Set(ids.filter((_, i) => i % 3 !== 0)));
  });
});
