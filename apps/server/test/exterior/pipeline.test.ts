import { existsSync } from 'node:fs';
import { horizontalShift, loopJump } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentApi } from '../contents/content-api.ts';
import { useTestApp } from '../helpers/app.ts';
import { testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { TURNTABLE, turntableVideo } from '../helpers/turntable.ts';
import {
  blobsOf,
  continuedTurntable,
  measuredRenditions,
  readyUpload,
  reversedTurntable,
  rowsOf,
  signatureOf,
  uploadFile,
  uploadRow,
} from './pipeline-helpers.ts';

/**
 * The exterior pipeline on real video (POST /exterior/{content_id}, the `multiple` process run in the request since
 * the test app has no job runner): a turntable walk-around of 1.25 turns becomes 36 frames in order, each stored in
 * every size and format, looping without a jump, measured on the stored frames themselves.
 */

const t = useTestApp();
let owner: SignedInUser;

beforeAll(async () => {
  owner = await t.make.signedIn({ privilege_type: 'super' });
});

const start = (who: SignedInUser, contentId: string, body: Record<string, unknown>) =>
  contentApi(t.app, who).post(`/exterior/${contentId}`, body);

describe('a walk-around becomes a spin', () => {
  it('makes 36 frames in order, in every size and format, looping without a jump', async () => {
    const [car] = (await t.make.vehicles(owner)) as [string];
    const upload = await readyUpload(t, owner, car, await turntableVideo(1.25));

    const res = await start(owner, car, { upload_ids: [upload] });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      content_id: car,
      process: { process: 'multiple', status: 'succeeded', progress: 100, error: null },
    });

    const rows = await rowsOf(t.db, car);
    expect(rows).toHaveLength(1);
    const [row] = rows as [(typeof rows)[number]];
    expect(row.group).toMatchObject({ group_order: 1, frame_count: 36, is_temp: false });
    expect(row.frames.map((f) => f.frame_order)).toEqual(Array.from({ length: 36 }, (_, i) => i));

    // The loop reading: closed where the turn closes (8 s of the 10), frames even in time over [0, 8).
    const loop = row.group.loop as Record<string, unknown>;
    expect(loop.outcome).toBe('closed');
    expect(Math.abs((loop.close_seconds as number) - TURNTABLE.seconds / 1.25)).toBeLessThanOrEqual(0.1);
    const times = loop.frame_times as number[];
    expect(times).toHaveLength(36);
    for (let i = 1; i < 36; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThan(0);
    // Chosen by angle, which the moving frames give to within one signature (1/15 s) on a steady turntable: each
    // frame within that of its even time (real-spin.test.ts asserts the views themselves on real photographs).
    for (const [i, time] of times.entries()) expect(Math.abs(time - (i * 8) / 36)).toBeLessThanOrEqual(1 / 15 + 1e-6);
    // A quarter turn past the close: the dealer is told the rest was trimmed, on the exterior's answer.
    expect(loop.verdict).toBe('more_than_turn');
    const exterior = await contentApi(t.app, owner).get(`/exterior/${car}`);
    expect(exterior.json().groups[0]).toMatchObject({ turn_check: 'more_than_turn' });

    // Every rendition as JPEG and WebP, at its size (the 320x180 video is never enlarged), except the zoom: JPEG
    // only, its WebP naming that JPEG (pipeline-render.ts, spinRenderSpec), so the manifest names files that exist.
    const store = testAppStore(t.dir);
    const first = row.frames[0]!.original;
    expect(first).toMatchObject({ width: 320, height: 180 });
    const measured = await measuredRenditions(store, first);
    expect(Object.keys(measured).sort()).toEqual(['display', 'thumbnail', 'zoom']);
    expect(measured.thumbnail!.jpeg).toMatchObject({ format: 'jpeg', width: 240, height: 135 });
    expect(measured.thumbnail!.webp).toMatchObject({ format: 'webp', width: 240, height: 135 });
    expect(measured.display!.jpeg).toMatchObject({ format: 'jpeg', width: 320, height: 180 });
    expect(measured.display!.webp).toMatchObject({ format: 'webp', width: 320, height: 180 });
    expect(measured.zoom!.jpeg).toMatchObject({ format: 'jpeg', width: 320, height: 180 });
    for (const frame of row.frames) {
      const zoom = frame.original.renditions.zoom!;
      expect(zoom.webp).toBe(zoom.jpeg);
      expect(frame.original.renditions.display!.webp).toMatch(/\.webp$/);
      for (const r of Object.values(frame.original.renditions)) {
        expect(await store.exists(r.jpeg)).toBe(true);
        expect(await store.exists(r.webp)).toBe(true);
      }
    }

    // In order: each stored frame is the one before it turned a step further (content moving right to left).
    const signatures = await Promise.all(row.frames.map((f) => signatureOf(store, f.original)));
    for (let i = 1; i < 36; i++) expect(horizontalShift(signatures[i - 1]!, signatures[i]!, 32, 8)).toBeLessThan(0);
    // Seamless: from the last stored frame back to the first is an ordinary step.
    const wrap = loopJump(
      signatures,
      signatures.map((_, i) => i),
    );
    expect(wrap.ratio).toBeLessThan(1.6);
    expect(wrap.localRatio).toBeGreaterThan(0.6);
    expect(wrap.localRatio).toBeLessThan(1.5);
    expect(horizontalShift(signatures[35]!, signatures[0]!, 32, 8)).toBeLessThan(0);

    // The vehicle shows its exterior, the list its first frame; the upload is done and its file gone; backed up.
    const vehicle = await t.db
      .selectFrom('contents')
      .select(['has_exterior', 'thumbnail_key'])
      .where('id', '=', car)
      .executeTakeFirstOrThrow();
    expect(vehicle).toEqual({ has_exterior: true, thumbnail_key: first.renditions.thumbnail!.jpeg });
    expect(await uploadRow(t.db, upload)).toMatchObject({ status: 'complete', error_code: null });
    expect(existsSync(uploadFile(t, upload))).toBe(false);
    const backups = await t.db.selectFrom('movie_backups').selectAll().where('content_id', '=', car).execute();
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatchObject({ upload_id: upload, file_name: 'walk.mp4', expires_at: null, purged_at: null });
    expect(backups[0]!.duration_seconds).toBeCloseTo(10, 0);
    expect(backups[0]!.blob_key).toMatch(new RegExp(`^contents/${car}/exterior-backups/[0-9a-f]{64}\\.mp4$`));
    expect(await store.exists(backups[0]!.blob_key)).toBe(true);
  });

  it('remakes the same row the same way: the same frames under the same keys (content-addressed)', async () => {
    const [car] = (await t.make.vehicles(owner)) as [string];
    const video = await turntableVideo(1.25);
    const once = await start(owner, car, { upload_ids: [await readyUpload(t, owner, car, video)] });
    expect(once.json().process.status).toBe('succeeded');
    const keys = (await rowsOf(t.db, car))[0]!.frames.map((f) => f.original.renditions.zoom!.webp);
    const again = await start(owner, car, { upload_ids: [await readyUpload(t, owner, car, video)] });
    expect(again.json().process.status).toBe('succeeded');
    const rows = await rowsOf(t.db, car);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.frames.map((f) => f.original.renditions.zoom!.webp)).toEqual(keys);
  });

  it('turns every spin the same way with rotation correction: a walk the other way is reversed, frame 0 first', async () => {
    const backwards = await reversedTurntable(1.25);
    const store = testAppStore(t.dir);

    // Without correction, the reversed walk turns the other way (content moving left to right).
    const [plain] = (await t.make.vehicles(owner)) as [string];
    await start(owner, plain, { upload_ids: [await readyUpload(t, owner, plain, backwards)] });
    const plainRow = (await rowsOf(t.db, plain))[0]!;
    expect(plainRow.group.loop).toMatchObject({ direction: 'left_to_right', reversed: false });
    const plainSigs = await Promise.all(plainRow.frames.map((f) => signatureOf(store, f.original)));
    expect(horizontalShift(plainSigs[0]!, plainSigs[1]!, 32, 8)).toBeGreaterThan(0);

    // With correction, the same video gives a spin turning the product's way, starting on the same view.
    const corrected = await t.make.signedIn({
      privilege_type: 'super',
      domain: { options: { exterior_rotation_correction: true } },
    });
    const [car] = (await t.make.vehicles(corrected)) as [string];
    await start(corrected, car, { upload_ids: [await readyUpload(t, corrected, car, backwards)] });
    const row = (await rowsOf(t.db, car))[0]!;
    expect(row.group.loop).toMatchObject({ direction: 'left_to_right', reversed: true });
    const sigs = await Promise.all(row.frames.map((f) => signatureOf(store, f.original)));
    for (let i = 1; i < 36; i++) expect(horizontalShift(sigs[i - 1]!, sigs[i]!, 32, 8)).toBeLessThan(0);
    expect(row.frames[0]!.original.renditions.zoom!.webp.split('/').at(-1)).toBe(
      plainRow.frames[0]!.original.renditions.zoom!.webp.split('/').at(-1),
    );
    expect(row.frames[1]!.original.renditions.zoom!.webp.split('/').at(-1)).toBe(
      plainRow.frames[35]!.original.renditions.zoom!.webp.split('/').at(-1),
    );

    // The forward walk is already the product's way: nothing reversed.
    const [forward] = (await t.make.vehicles(corrected)) as [string];
    await start(corrected, forward, {
      upload_ids: [await readyUpload(t, corrected, forward, await turntableVideo(1.25))],
    });
    expect((await rowsOf(t.db, forward))[0]!.group.loop).toMatchObject({ direction: 'right_to_left', reversed: false });
    expect(await blobsOf(store, forward)).not.toEqual([]);
  });
});

describe('rows and upload types', () => {
  it('multiple lines: each video its own row from group_order on, within the domain’s maximum rows', async () => {
    const user = await t.make.signedIn({ privilege_type: 'super', domain: { options: { obvr_rows_max: 3 } } });
    const [car] = (await t.make.vehicles(user)) as [string];
    const video = await turntableVideo(1.25);
    const ids = [await readyUpload(t, user, car, video), await readyUpload(t, user, car, await turntableVideo(1.5))];
    const res = await start(user, car, { upload_ids: ids, group_order: 2 });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().process.status).toBe('succeeded');
    const rows = await rowsOf(t.db, car);
    expect(rows.map((r) => [r.group.group_order, r.frames.length])).toEqual([
      [2, 36],
      [3, 36],
    ]);
    expect((rows[1]!.group.loop as { close_seconds: number }).close_seconds).toBeCloseTo(10 / 1.5, 0);

    // A third video from row 3 on would make row 4: refused before anything is claimed.
    const more = [await readyUpload(t, user, car, video), await readyUpload(t, user, car, video)];
    const refused = await start(user, car, { upload_ids: more, group_order: 3 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual([expect.objectContaining({ field: 'upload_ids', rule: 'max_rows' })]);
    expect(await uploadRow(t.db, more[0]!)).toMatchObject({ status: 'ready' });
  });

  it('group: the videos are merged into one row, which closes where the walk comes round to the first view', async () => {
    const user = await t.make.signedIn({ privilege_type: 'super', domain: { options: { upload_type: 'group' } } });
    const [car] = (await t.make.vehicles(user)) as [string];
    // The first 0.625 of a turn in 10 s, then the rest at half the speed: the turn closes 16 s into the pair.
    const ids = [
      await readyUpload(t, user, car, await turntableVideo(0.625)),
      await readyUpload(t, user, car, await continuedTurntable()),
    ];
    const res = await start(user, car, { upload_ids: ids });
    expect(res.json().process, res.body).toMatchObject({ status: 'succeeded' });
    const rows = await rowsOf(t.db, car);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.frames).toHaveLength(36);
    const loop = rows[0]!.group.loop as { outcome: string; close_seconds: number; frame_times: number[] };
    expect(loop.outcome).toBe('closed');
    expect(Math.abs(loop.close_seconds - 16)).toBeLessThanOrEqual(0.2);
    // Frames from both videos, on one clock: the second video's follow the first's.
    expect(loop.frame_times.filter((s) => s >= 10).length).toBeGreaterThan(10);
    const store = testAppStore(t.dir);
    const sigs = await Promise.all(rows[0]!.frames.map((f) => signatureOf(store, f.original)));
    for (let i = 1; i < 36; i++) expect(horizontalShift(sigs[i - 1]!, sigs[i]!, 32, 8)).toBeLessThan(0);
    expect(
      loopJump(
        sigs,
        sigs.map((_, i) => i),
      ).localRatio,
    ).toBeLessThan(1.6);
    const backups = await t.db.selectFrom('movie_backups').where('content_id', '=', car).selectAll().execute();
    expect(backups).toHaveLength(2);
  });

  it('with the async option the process is exterior_async_upload', async () => {
    const user = await t.make.signedIn({ privilege_type: 'super', domain: { options: { async_mobile_upload: true } } });
    const [car] = (await t.make.vehicles(user)) as [string];
    const res = await start(user, car, { upload_ids: [await readyUpload(t, user, car, await turntableVideo(1))] });
    expect(res.json().process).toMatchObject({ process: 'exterior_async_upload', status: 'succeeded' });
    expect(await rowsOf(t.db, car)).toHaveLength(1);
  });
});

describe('what the start refuses', () => {
  it('refuses uploads that are not the caller’s, not of this vehicle, named twice or not ready', async () => {
    const [car, other] = (await t.make.vehicles(owner, { count: 2 })) as [string, string];
    const video = await turntableVideo(1.25);
    const colleague = await t.make.signedIn({ privilege_type: 'super', tenant: owner.tenant });
    const theirs = await readyUpload(t, colleague, car, video);
    const elsewhere = await readyUpload(t, owner, other, video);
    for (const id of [theirs, elsewhere]) {
      const res = await start(owner, car, { upload_ids: [id] });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'upload_ids.0', rule: 'not_found' })]);
    }
    const mine = await readyUpload(t, owner, car, video);
    const twice = await start(owner, car, { upload_ids: [mine, mine] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error.fields[0]).toMatchObject({ field: 'upload_ids.1', rule: 'unique' });
    await t.make.update.uploadStatus(mine, 'requested');
    const early = await start(owner, car, { upload_ids: [mine] });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'invalid_state_transition' });
    const bad = await start(owner, car, { upload_ids: ['not-an-id'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0]).toMatchObject({ field: 'upload_ids.0' });
    expect(await uploadRow(t.db, theirs)).toMatchObject({ status: 'ready' });
    expect(await rowsOf(t.db, car)).toEqual([]);
    const processes = await t.db.selectFrom('content_processes').where('content_id', '=', car).selectAll().execute();
    expect(processes).toEqual([]);
  });
});
