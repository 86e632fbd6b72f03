import { INTERIOR_MAX_SCENES, type InteriorAnswer } from '@spinyard/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../helpers/factory.ts';
import { declaredPng, measure, panorama } from '../helpers/pictures.ts';
import { useInteriorApp } from './interior-helpers.ts';
import { fetchMedia, uploadPanorama } from './panoramas.ts';

/**
 * Interior panoramas through the content API on real pictures made by sharp: uploads checked by content (each
 * refusal with its code), every size and the Photo Sphere Viewer tiles stored, order, delete and scene updates. The
 * image-quality tool, the white balance, undo and the locks are in interior-edits.test.ts.
 */

let owner: SignedInUser;
let jpeg1024: Buffer;
let png1024: Buffer;
const { t, call, vehicle, upload, interiorOf, blobFiles } = useInteriorApp((seed) => {
  ({ owner, jpeg1024, png1024 } = seed);
});

const hasInterior = async (contentId: string) =>
  (await t.db.selectFrom('contents').select('has_interior').where('id', '=', contentId).executeTakeFirstOrThrow())
    .has_interior;

describe('upload', () => {
  it('takes a JPEG and a PNG by content, stores every size and the tiles, and sets has_interior', async () => {
    const id = await vehicle();
    expect(await hasInterior(id)).toBe(false);
    const first = await upload(id, jpeg1024, 'living.jpg');
    // A PNG named .jpg is still a PNG: the name never counts.
    const second = await upload(id, png1024, 'front.jpg');
    expect(await hasInterior(id)).toBe(true);
    expect([first.order, second.order]).toEqual([1, 2]);
    expect(first.image.width).toBe(1024);
    expect(first.image.height).toBe(512);
    expect(Object.keys(first.image.renditions).sort()).toEqual(['mobile', 'preview', 'thumbnail']);
    expect(first.image.renditions.thumbnail).toMatchObject({ width: 320, height: 160 });
    expect(first.original).toBeNull();
    expect(first.initial_view).toEqual({ yaw: 0, pitch: 0, zoom: 50 });

    const tiles = first.image.tiles!;
    expect(tiles).toMatchObject({ width: 1024, cols: 2, rows: 1, tile_width: 512 });
    expect(tiles.urls).toHaveLength(2);
    const tile = await sharp(await fetchMedia(t.app, tiles.urls[1]!)).metadata();
    expect([tile.format, tile.width, tile.height]).toEqual(['jpeg', 512, 512]);
    const thumb = await sharp(await fetchMedia(t.app, first.image.renditions.thumbnail!.webp)).metadata();
    expect(thumb.format).toBe('webp');

    const listed = await interiorOf(id);
    expect(listed.scenes.map((s) => s.id)).toEqual([first.id, second.id]);
    expect(listed.settings).toMatchObject({ max_scenes: 20, enhancement_enabled: true });
  });

  it('cuts a 4096x2048 panorama into 8 x 4 tiles of 512 that put the picture back together', async () => {
    const id = await vehicle();
    const big = await panorama(4096, 2048);
    const scene = await upload(id, big);
    const tiles = scene.image.tiles!;
    expect(tiles).toMatchObject({ width: 4096, cols: 8, rows: 4, tile_width: 512 });
    expect(new Set(tiles.urls).size).toBe(32);
    // The tile at column 5, row 2 is that part of the master.
    const tile = await fetchMedia(t.app, tiles.urls[2 * 8 + 5]!);
    const master = await fetchMedia(t.app, scene.image.master);
    const part = await sharp(master)
      .extract({ left: 5 * 512, top: 2 * 512, width: 512, height: 512 })
      .png()
      .toBuffer();
    const [a, b] = await Promise.all([measure(tile), measure(part)]);
    expect(Math.abs(a.r - b.r) + Math.abs(a.g - b.g) + Math.abs(a.b - b.b)).toBeLessThan(6);
  });

  it('refuses each bad file with its own code and leaves nothing behind', async () => {
    const id = await vehicle();
    const cases: [Buffer, string, number, string, string | undefined][] = [
      [await panorama(1024, 600), 'wide.jpg', 422, 'image_dimensions_invalid', 'aspect_2_1'],
      [
        await sharp(jpeg1024).resize(1022, 512, { fit: 'fill' }).jpeg().toBuffer(),
        'near.jpg',
        422,
        'image_dimensions_invalid',
        'aspect_2_1',
      ],
      [await panorama(400, 200), 'small.jpg', 422, 'image_dimensions_invalid', 'min_dimensions'],
      [await declaredPng(40000, 20000), 'bomb.png', 422, 'image_dimensions_invalid', 'max_dimensions'],
      [
        Buffer.from('this is not a picture at all, only text'.repeat(10)),
        'text.jpg',
        415,
        'unsupported_image_format',
        'format',
      ],
      [await sharp(jpeg1024).gif().toBuffer(), 'anim.gif', 415, 'unsupported_image_format', 'format'],
      [await sharp(jpeg1024).webp().toBuffer(), 'pano.jpg', 415, 'unsupported_image_format', 'format'],
    ];
    for (const [file, name, status, code, rule] of cases) {
      const res = await uploadPanorama(t.app, owner.contentToken, id, file, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().error.code, name).toBe(code);
      if (rule) expect(res.json().error.params?.rule, name).toBe(rule);
    }
    expect((await interiorOf(id)).scenes).toEqual([]);
    expect(await hasInterior(id)).toBe(false);
    expect(await blobFiles(id)).toEqual([]);
  });

  it('accepts one pixel off 2:1 (1025x512)', async () => {
    const id = await vehicle();
    const scene = await upload(id, await panorama(1025, 512));
    expect([scene.image.width, scene.image.height]).toEqual([1025, 512]);
  });

  it('refuses a title over 33 characters and a request without a file', async () => {
    const id = await vehicle();
    const long = await uploadPanorama(t.app, owner.contentToken, id, jpeg1024, 'a.jpg', { title: 'x'.repeat(34) });
    expect(long.statusCode).toBe(422);
    expect(long.json().error.fields[0]).toMatchObject({ field: 'title', rule: 'max_length' });
    const none = await call(owner, 'POST', `/interior/${id}`, {});
    expect(none.statusCode).toBe(415);
  });

  it(`refuses the ${INTERIOR_MAX_SCENES + 1}th scene with upload_over_limit`, async () => {
    const id = await vehicle();
    await t.make.interiorScenes(id, INTERIOR_MAX_SCENES); // rows: the pipeline is the other tests' subject
    const res = await uploadPanorama(t.app, owner.contentToken, id, await panorama(512, 256));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'upload_over_limit', params: { limit: 20 } });
    expect((await interiorOf(id)).scenes).toHaveLength(20);
  });
});

describe('order, delete, update', () => {
  it('reorders with every scene once; refuses a partial or repeated list', async () => {
    const id = await vehicle();
    const [a, b, c] = [await upload(id), await upload(id, png1024), await upload(id, await panorama(512, 256))];
    const res = await call(owner, 'POST', '/multipanorama/order', { content_id: id, scene_ids: [c!.id, a!.id, b!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as InteriorAnswer).scenes.map((s) => [s.id, s.order])).toEqual([
      [c!.id, 1],
      [a!.id, 2],
      [b!.id, 3],
    ]);
    for (const scene_ids of [
      [a!.id, b!.id],
      [a!.id, a!.id, b!.id],
      [a!.id, b!.id, c!.id, '999999'],
    ]) {
      const bad = await call(owner, 'POST', '/multipanorama/order', { content_id: id, scene_ids });
      expect(bad.statusCode, JSON.stringify(scene_ids)).toBe(422);
      expect(bad.json().error.fields[0].field).toBe('scene_ids');
    }
    expect((await interiorOf(id)).scenes.map((s) => s.id)).toEqual([c!.id, a!.id, b!.id]);
  });

  it('deletes a scene, renumbers, deletes its blobs, and clears has_interior with the last one', async () => {
    const id = await vehicle();
    const a = await upload(id);
    const b = await upload(id, png1024);
    const before = (await blobFiles(id)).length;
    expect((await call(owner, 'DELETE', `/interior/${id}/scenes/${a.id}`)).statusCode).toBe(204);
    const left = await interiorOf(id);
    expect(left.scenes.map((s) => [s.id, s.order])).toEqual([[b.id, 1]]);
    expect((await blobFiles(id)).length).toBeLessThan(before);
    expect(await hasInterior(id)).toBe(true);
    // Every URL of the scene left still answers.
    await fetchMedia(t.app, left.scenes[0]!.image.tiles!.urls[0]!);
    expect((await call(owner, 'DELETE', `/interior/${id}/scenes/${b.id}`)).statusCode).toBe(204);
    expect(await hasInterior(id)).toBe(false);
    expect(await blobFiles(id)).toEqual([]);
    expect((await call(owner, 'DELETE', `/interior/${id}/scenes/${b.id}`)).statusCode).toBe(404);
  });

  it('keeps the blobs two scenes share when one of them is deleted', async () => {
    const id = await vehicle();
    const a = await upload(id);
    const b = await upload(id);
    expect(b.image.master).toBe(a.image.master);
    await call(owner, 'DELETE', `/interior/${id}/scenes/${a.id}`);
    await fetchMedia(t.app, b.image.master);
  });

  it('changes title, initial view and zoom points within their bounds', async () => {
    const id = await vehicle();
    const scene = await upload(id);
    const points = Array.from({ length: 20 }, (_, i) => ({ yaw: -170 + i * 17, pitch: -10, label: `Point ${i + 1}` }));
    const res = await call(owner, 'POST', `/interior/${id}/scenes/${scene.id}`, {
      title: '  Driver seat  ',
      initial_view: { yaw: 45.5, pitch: -12, zoom: 30 },
      zoom_points: points,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Driver seat', initial_view: { yaw: 45.5, pitch: -12, zoom: 30 } });
    expect((await interiorOf(id)).scenes[0]!.zoom_points).toEqual(points);

    const bad: [unknown, string][] = [
      [{ zoom_points: [...points, points[0]] }, 'zoom_points'],
      [{ initial_view: { yaw: 200, pitch: 0, zoom: 50 } }, 'initial_view.yaw'],
      [{ initial_view: { yaw: 0, pitch: -91, zoom: 50 } }, 'initial_view.pitch'],
      [{ title: 'x'.repeat(34) }, 'title'],
      [{ zoom_points: [{ yaw: 0, pitch: 0, label: 'y'.repeat(34) }] }, 'zoom_points.0.label'],
      [{}, ''],
    ];
    for (const [body, field] of bad) {
      const r = await call(owner, 'POST', `/interior/${id}/scenes/${scene.id}`, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(
        r.json().error.fields.map((f: { field: string }) => f.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect((await interiorOf(id)).scenes[0]!.title).toBe('Driver seat');
  });
});
