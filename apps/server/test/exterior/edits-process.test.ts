import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { exteriorEditJobs, extraImagesJob, replaceImageJob } from '../../src/modules/exterior/edit-jobs.ts';
import { exteriorRepo } from '../../src/modules/exterior/repo.ts';
import type { ProcessJobPayload } from '../../src/modules/processes/runner.ts';
import { processService } from '../../src/modules/processes/service.ts';
import { uploadsRepo } from '../../src/modules/uploads/repo.ts';
import { keysOf } from '../../src/modules/vehicle-media/images.ts';
import type { JobHandler } from '../../src/platform/jobs/queue-registry.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { putContentAddressed } from '../../src/platform/storage/content-addressed.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior, testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { multipartFile } from '../helpers/multipart.ts';
import { numberedFrame } from '../helpers/pictures.ts';

/**
 * Remove extra images (the exterior_extra_images_removal process), the upload limit check, and the locks: while a
 * process that locks the exterior runs, every edit is refused with content_locked naming it and nothing changes.
 */

const t = useTestApp();
const API = '/api/browser/v0';
let owner: SignedInUser;

beforeAll(async () => {
  const tenant = await t.make.tenant({ options: { exterior_frame_count: 8, exterior_upload_limit: 2 } });
  owner = await t.make.signedIn({ tenant });
});

const api = (request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...(request.headers ?? {}), authorization: `Bearer ${owner.contentToken}` } });
const getExterior = async (car: string) => (await api({ method: 'GET', url: `${API}/exterior/${car}` })).json();
const removeExtra = (car: string) => api({ method: 'POST', url: `${API}/exterior/${car}/extra-images/remove` });
const exists = (key: string) => testAppStore(t.dir).exists(key);
const newCar = async () => ((await t.make.vehicles(owner)) as [string])[0];
const start = async (car: string, process: 'blur' | 'multiple' | 'exterior_replace_image' | 'tour_movie') => {
  const [row] = await processService(t.db).start([{ contentId: car, process, actorUserId: owner.id }]);
  return row!;
};
const finish = (id: string) => processService(t.db).succeed(id);

describe('POST /exterior/{id}/extra-images/remove', () => {
  it('deletes frames past the domain frame count and temp rows, renumbers, and deletes their blobs', async () => {
    const car = await newCar();
    // Row 1: 10 frames (2 extra); row 2: a temp row of 3; row 3: 9 frames (1 extra).
    const seeded = await seedExterior(t, car, { rows: [10, 3, 9], tempRows: [2] });
    const [row1, temp, row3] = seeded.rows as [
      (typeof seeded.rows)[0],
      (typeof seeded.rows)[0],
      (typeof seeded.rows)[0],
    ];
    expect((await getExterior(car)).extra_images).toBe(2 + 3 + 1);

    const res = await removeExtra(car);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      content_id: car,
      process: { process: 'exterior_extra_images_removal', status: 'succeeded' },
    });
    const ext = await getExterior(car);
    expect(ext.extra_images).toBe(0);
    expect(
      ext.groups.map((g: { group_id: string; group_order: number; frame_count: number; is_temp: boolean }) => [
        g.group_id,
        g.group_order,
        g.frame_count,
        g.is_temp,
      ]),
    ).toEqual([
      [row1.id, 1, 8, false],
      [row3.id, 2, 8, false],
    ]);
    expect(ext.groups[0].sheets.map((s: { id: string }) => s.id)).toEqual(row1.frameIds.slice(0, 8));
    expect(ext.groups[1].sheets.map((s: { id: string }) => s.id)).toEqual(row3.frameIds.slice(0, 8));
    expect((await exteriorRepo(t.db).group(car, row1.id))?.frame_count).toBe(8);
    const dropped = [...row1.images.slice(8), ...temp.images, ...row3.images.slice(8)];
    for (const image of dropped) for (const key of keysOf(image)) expect(await exists(key), key).toBe(false);
    for (const key of keysOf(row1.images[7]!)) expect(await exists(key), key).toBe(true);

    // Nothing left to remove: the process runs and changes nothing.
    const again = await removeExtra(car);
    expect(again.json().process.status).toBe('succeeded');
    expect((await getExterior(car)).groups.map((g: { frame_count: number }) => g.frame_count)).toEqual([8, 8]);
  });

  it('leaves temp rows alone while a pipeline that may be filling one runs', async () => {
    const car = await newCar();
    await seedExterior(t, car, { rows: [9, 2], tempRows: [2] });
    const pipeline = await start(car, 'multiple');
    expect((await getExterior(car)).extra_images).toBe(1);
    const res = await removeExtra(car);
    expect(res.statusCode, res.body).toBe(202);
    const ext = await getExterior(car);
    expect(ext.groups.map((g: { frame_count: number; is_temp: boolean }) => [g.frame_count, g.is_temp])).toEqual([
      [8, false],
      [2, true],
    ]);
    await finish(pipeline.id);
    expect((await getExterior(car)).extra_images).toBe(2);
  });

  it('the first row being temp: the spin row becomes row 1 and keeps the thumbnail; a temp row alone is no exterior', async () => {
    const car = await newCar();
    const seeded = await seedExterior(t, car, { rows: [2, 8], tempRows: [1] });
    const flags = () =>
      t.db
        .selectFrom('contents')
        .select(['has_exterior', 'thumbnail_key'])
        .where('id', '=', car)
        .executeTakeFirstOrThrow();
    const spin = { has_exterior: true, thumbnail_key: seeded.rows[1]!.images[0]!.renditions.thumbnail!.jpeg };
    expect(await flags()).toEqual(spin);
    await removeExtra(car);
    expect(await flags()).toEqual(spin);
    expect(
      (await getExterior(car)).groups.map((g: { group_id: string; group_order: number }) => [
        g.group_id,
        g.group_order,
      ]),
    ).toEqual([[seeded.rows[1]!.id, 1]]);

    const onlyTemp = await newCar();
    await seedExterior(t, onlyTemp, { rows: [3], tempRows: [1] });
    const content = () =>
      t.db
        .selectFrom('contents')
        .select(['has_exterior', 'thumbnail_key'])
        .where('id', '=', onlyTemp)
        .executeTakeFirstOrThrow();
    expect(await content()).toEqual({ has_exterior: false, thumbnail_key: null });
    expect((await getExterior(onlyTemp)).extra_images).toBe(3);
    expect((await removeExtra(onlyTemp)).json().process.status).toBe('succeeded');
    expect((await getExterior(onlyTemp)).groups).toEqual([]);
  });
});

describe('the edit jobs as a worker runs them', () => {
  const jobs = () =>
    exteriorEditJobs({ db: t.db, store: testAppStore(t.dir), media: createMedia(), log: () => undefined });
  const processRow = (id: string) =>
    t.db.selectFrom('content_processes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('are registered for their processes, and a queued replacement runs through its handler', async () => {
    const set = jobs();
    expect(set.processJobs).toEqual({
      exterior_replace_image: replaceImageJob,
      exterior_extra_images_removal: extraImagesJob,
    });
    const car = await newCar();
    const seeded = await seedExterior(t, car, { rows: [8] });
    const key = (
      await putContentAddressed(
        testAppStore(t.dir),
        `contents/${car}/exterior/replace-sources`,
        await numberedFrame(7, 7, 480, 270, 'jpeg'),
        'jpg',
      )
    ).key;
    const frame = seeded.rows[0]!.frameIds[3]!;
    const [row] = await processService(t.db).start([
      {
        contentId: car,
        process: 'exterior_replace_image',
        actorUserId: owner.id,
        payload: { frame_id: frame, source_key: key, exterior_size: 'hd' },
      },
    ]);
    const handler = set.handlers[replaceImageJob.name] as JobHandler<ProcessJobPayload>;
    expect(await handler({ processId: row!.id, attempt: 0 }, { id: 'job-1', retryCount: 0 })).toBe('success');
    expect(await processRow(row!.id)).toMatchObject({ status: 'succeeded', progress: 100 });
    const edited = (await exteriorRepo(t.db).frame(car, frame))!;
    expect([edited.edit_kind, edited.edited?.width]).toEqual(['replace', 480]);
    expect(await exists(key)).toBe(false);
    // Delivered again (a retry after the frame was written): skipped, nothing changes.
    expect(await handler({ processId: row!.id, attempt: 1 }, { id: 'job-2', retryCount: 1 })).toBe('skipped');
  });

  it('a process the work refuses fails at once with its reason, and releases its locks', async () => {
    const car = await newCar();
    await seedExterior(t, car, { rows: [9] });
    const [row] = await processService(t.db).start([
      { contentId: car, process: 'exterior_extra_images_removal', actorUserId: owner.id, payload: {} },
    ]);
    const handler = jobs().handlers[extraImagesJob.name] as JobHandler<ProcessJobPayload>;
    expect(await handler({ processId: row!.id, attempt: 0 }, { id: 'job-3', retryCount: 0 })).toBe('success');
    const failed = await processRow(row!.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^bad_request: /);
    expect((await exteriorRepo(t.db).frames(car)).length).toBe(9);
    // Its locks are gone: an edit goes through.
    const res = await api({
      method: 'POST',
      url: `${API}/exterior/${car}/initial-angle`,
      payload: { angle: 'left_90' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /exterior/{id}/upload_limit_check', () => {
  it("weighs the domain's limit against the vehicle's unfinished uploads (anyone's)", async () => {
    const car = await newCar();
    const check = async () => {
      const res = await api({ method: 'GET', url: `${API}/exterior/${car}/upload_limit_check` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await check()).toEqual({ allowed: true, limit: 2, used: 0 });
    const uploads = uploadsRepo(t.db);
    const colleague = await t.make.signedIn({ tenant: owner.tenant });
    await uploads.insert({
      id: '1'.repeat(32),
      contentId: car,
      userId: owner.id,
      purpose: 'exterior',
      size: 10,
      fileName: null,
    });
    expect(await check()).toEqual({ allowed: true, limit: 2, used: 1 });
    await uploads.insert({
      id: '2'.repeat(32),
      contentId: car,
      userId: colleague.id,
      purpose: 'exterior',
      size: 10,
      fileName: null,
    });
    expect(await check()).toEqual({ allowed: false, limit: 2, used: 2 });
    await uploads.move('2'.repeat(32), ['requested'], 'canceled');
    expect(await check()).toEqual({ allowed: true, limit: 2, used: 1 });
  });
});

describe('locks', () => {
  /** Every edit of the exterior, on a vehicle with two rows. */
  async function edits(car: string) {
    const rows = await exteriorRepo(t.db).groups(car);
    const frames = await exteriorRepo(t.db).frames(car);
    const row1 = frames.filter((f) => f.group_id === rows[0]!.id).map((f) => f.id);
    const picture = multipartFile(await numberedFrame(5, 5, 320, 180, 'png'), 'x.png', 'image/png');
    const list: [string, InjectOptions][] = [
      [
        'EXTERIOR.REORDER',
        {
          method: 'POST',
          url: `${API}/exteriorimage/order`,
          payload: { content_id: car, group_id: rows[0]!.id, sheet_ids: [...row1].reverse() },
        },
      ],
      ['EXTERIOR.DELETE', { method: 'DELETE', url: `${API}/exterior/${car}/rows/${rows[1]!.id}` }],
      ['EXTERIOR.UPDATE', { method: 'DELETE', url: `${API}/exterior/${car}/frames/${row1[1]}` }],
      [
        'EXTERIOR.REPLACE_IMAGE',
        {
          method: 'POST',
          url: `${API}/exterior/${car}/frames/${row1[0]}/replace-image`,
          payload: picture.payload,
          headers: picture.headers,
        },
      ],
      ['EXTERIOR.REPLACE_IMAGE', { method: 'DELETE', url: `${API}/exterior/${car}/frames/${row1[2]}/replace-image` }],
      [
        'EXTERIOR.UPDATE',
        { method: 'POST', url: `${API}/exterior/${car}/initial-angle`, payload: { angle: 'right_90' } },
      ],
      [
        'EXTERIOR.UPDATE_INITIAL_ROW',
        { method: 'POST', url: `${API}/exterior/${car}/rows/initial`, payload: { row: 2 } },
      ],
      ['EXTERIOR.REMOVE_EXTRA_IMAGES', { method: 'POST', url: `${API}/exterior/${car}/extra-images/remove` }],
      ['EXTERIOR.DELETE', { method: 'DELETE', url: `${API}/exterior/${car}` }],
    ];
    return list;
  }

  const state = async (car: string) => ({
    frames: (await exteriorRepo(t.db).frames(car)).map((f) => [f.id, f.group_id, f.frame_order, f.edit_kind]),
    groups: (await exteriorRepo(t.db).groups(car)).map((g) => [g.id, g.group_order, g.frame_count]),
    settings: (await exteriorRepo(t.db).settings(car)) ?? null,
    contents: await t.db
      .selectFrom('contents')
      .select(['has_exterior', 'thumbnail_key', 'updated_at'])
      .where('id', '=', car)
      .executeTakeFirstOrThrow(),
  });

  for (const process of ['blur', 'exterior_replace_image'] as const) {
    it(`a running ${process} refuses every edit with content_locked naming it; reads still answer`, async () => {
      const car = await newCar();
      await seedExterior(t, car, { rows: [9, 3] });
      const running = await start(car, process);
      const before = await state(car);
      for (const [operation, request] of await edits(car)) {
        const res = await api(request);
        expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(409);
        expect(res.json().error).toMatchObject({ code: 'content_locked', params: { process, operation } });
      }
      expect(await state(car)).toEqual(before);
      expect((await api({ method: 'GET', url: `${API}/exterior/${car}` })).statusCode).toBe(200);
      expect((await api({ method: 'GET', url: `${API}/exterior/${car}/upload_limit_check` })).statusCode).toBe(200);
      // The process ends: the edits go through again.
      await finish(running.id);
      const reorder = (await edits(car))[0]![1];
      expect((await api(reorder)).statusCode).toBe(200);
    });
  }

  it('processes that do not lock exterior edits (multiple, tour_movie) let them through', async () => {
    const car = await newCar();
    await seedExterior(t, car, { rows: [9, 3] });
    const running = [await start(car, 'multiple'), await start(car, 'tour_movie')];
    const answered: number[] = [];
    for (const [operation, request] of await edits(car)) {
      const res = await api(request);
      expect(res.json().error?.code, `${operation} ${request.method} ${request.url}: ${res.body}`).not.toBe(
        'content_locked',
      );
      answered.push(res.statusCode);
    }
    // Reorder, row and frame deletes, replace, then the restore of a frame never replaced (409 not_replaced), the
    // angle, the initial row 2 after row 2 went (422), extra removal, delete all.
    expect(answered).toEqual([200, 200, 200, 202, 409, 200, 422, 202, 200]);
    for (const row of running) await finish(row.id);
  });
});
