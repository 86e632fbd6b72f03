import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_ENHANCE_SETTINGS,
  type EnhanceSettings,
  INTERIOR_MAX_SCENES,
  type InteriorAnswer,
  type InteriorSceneAnswer,
} from '@spinyard/domain';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { processRepo } from '../../src/modules/processes/repo.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { declaredPng, edgeEnergy, measure, panorama } from '../helpers/pictures.ts';
import { fetchMedia, uploadPanorama } from './panoramas.ts';

/**
 * Interior panoramas through the content API on real pictures made by sharp: uploads checked by content (each
 * refusal with its code), every size and the Photo Sphere Viewer tiles stored, order, delete, scene edits, the
 * image-quality tool and the white balance measured on the pixels, the original kept, undo, the locks.
 */

const t = useTestApp();
const API = '/api/browser/v0';

let owner: SignedInUser;
let plainOwner: SignedInUser;
let jpeg1024: Buffer;
let png1024: Buffer;

beforeAll(async () => {
  const tenant = await t.make.tenant({ options: { interior_enhancement: true } });
  owner = await t.make.signedIn({ tenant, privilege_type: 'super' });
  const plainTenant = await t.make.tenant();
  plainOwner = await t.make.signedIn({ tenant: plainTenant, privilege_type: 'super' });
  [jpeg1024, png1024] = await Promise.all([panorama(1024, 512), panorama(1024, 512, 'png')]);
});

const call = (who: SignedInUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    headers: { authorization: `Bearer ${who.contentToken}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function vehicle(who: SignedInUser = owner): Promise<string> {
  const [id] = await t.make.vehicles(who);
  return id!;
}

async function upload(contentId: string, file = jpeg1024, name = 'pano.jpg', who = owner) {
  const res = await uploadPanorama(t.app, who.contentToken, contentId, file, name);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as InteriorSceneAnswer;
}

const interiorOf = async (contentId: string, who = owner) =>
  (await call(who, 'GET', `/interior/${contentId}`)).json() as InteriorAnswer;

const hasInterior = async (contentId: string) =>
  (await t.db.selectFrom('contents').select('has_interior').where('id', '=', contentId).executeTakeFirstOrThrow())
    .has_interior;

/** A process running on the vehicle, as a worker would hold it. */
async function startProcess(contentId: string, process: 'tour_movie' | 'interior_enhance') {
  const [row] = await processRepo(t.db).insert([{ contentId, process, actorUserId: owner.id }]);
  await processRepo(t.db).change(row!.id, { status: 'running' });
  return row!;
}

/** A process row as it ended (without a job runner the service ran it before answering). */
const finished = async (processId: string) => processRepo(t.db).find(processId);

async function blobFiles(contentId: string): Promise<string[]> {
  const dir = path.join(t.dir, 'media', 'contents', contentId, 'interior');
  return readdir(dir).catch(() => []);
}

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

const settings = (change: Partial<EnhanceSettings>): EnhanceSettings => ({ ...DEFAULT_ENHANCE_SETTINGS, ...change });

async function shown(scene: InteriorSceneAnswer, size = 'preview'): Promise<Buffer> {
  return fetchMedia(t.app, scene.image.renditions[size]!.jpeg);
}

describe('the image-quality tool and the white balance', () => {
  it('is off unless the domain option is on (apply and preview: 403), white balance always works', async () => {
    const id = await vehicle(plainOwner);
    const scene = await upload(id, jpeg1024, 'p.jpg', plainOwner);
    const get = await call(plainOwner, 'GET', `/interior/${id}/scenes/${scene.id}/enhance`);
    expect(get.json().enabled).toBe(false);
    const post = await call(
      plainOwner,
      'POST',
      `/interior/${id}/scenes/${scene.id}/enhance`,
      settings({ saturation: true }),
    );
    expect(post.statusCode).toBe(403);
    expect(post.json().error).toMatchObject({ code: 'forbidden', params: { reason: 'interior_enhancement_off' } });
    const preview = await call(plainOwner, 'GET', `/interior/${id}/scenes/${scene.id}/enhance/preview?saturation=true`);
    expect(preview.statusCode).toBe(403);
    const adjust = await call(plainOwner, 'POST', `/interior/${id}/scenes/${scene.id}/adjust`, {
      mode: 'manual',
      temperature: 50,
      tint: 0,
    });
    expect(adjust.statusCode, adjust.body).toBe(202);
    expect(adjust.json().process.process).toBe('whiteblance');
    expect(await finished(adjust.json().process.id)).toMatchObject({ status: 'succeeded', progress: 100 });
  });

  it('shadow and highlight, tone curve, saturation and sharpness change the pixels; the original is kept', async () => {
    const id = await vehicle();
    const scene = await upload(id);
    const original = await measure(await shown(scene));
    const originalEdges = await edgeEnergy(await shown(scene));
    const apply = async (change: Partial<EnhanceSettings>) => {
      const res = await call(owner, 'POST', `/interior/${id}/scenes/${scene.id}/enhance`, settings(change));
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().process.process).toBe('interior_enhance');
      expect(await finished(res.json().process.id)).toMatchObject({ status: 'succeeded', progress: 100 });
      return res.json().scene as InteriorSceneAnswer;
    };

    const lifted = await apply({ shadow_highlight: true, shadow_highlight_level: 100 });
    expect(lifted.original?.master).toBe(scene.image.master);
    expect(lifted.image.master).not.toBe(scene.image.master);
    expect(lifted.image.tiles?.urls).toHaveLength(2);
    expect((await measure(await shown(lifted))).luma).toBeGreaterThan(original.luma + 5);

    const saturated = await measure(await shown(await apply({ saturation: true, saturation_level: 80 })));
    expect(saturated.sat).toBeGreaterThan(original.sat + 0.05);
    // Every edit starts from the original: the saturation is not on top of the lift before it.
    expect(Math.abs(saturated.luma - original.luma)).toBeLessThan(6);

    const sharpened = await apply({ sharpness: true, sharpness_level: 100 });
    expect(await edgeEnergy(await shown(sharpened))).toBeGreaterThan(originalEdges * 1.05);

    // The tone curve darkens the dark half and brightens the bright half: the spread of the brightness grows.
    const curved = await apply({ tone_curve: true, tone_curve_level: 100 });
    const spread = async (image: Buffer) => {
      const stats = await sharp(image).greyscale().stats();
      return stats.channels[0]!.stdev;
    };
    expect(await spread(await shown(curved))).toBeGreaterThan((await spread(await shown(scene))) * 1.05);

    const master = await sharp(await fetchMedia(t.app, scene.image.master)).metadata();
    expect([master.width, master.height]).toEqual([1024, 512]);
  });

  it('resizes (2:1) and super-resolves (doubles the width, Lanczos and sharpening), with its tiles', async () => {
    const id = await vehicle();
    const scene = await upload(id);
    const resized = await call(
      owner,
      'POST',
      `/interior/${id}/scenes/${scene.id}/enhance`,
      settings({ resized_width: 512, resized_height: 256, jpeg_quality: 60 }),
    );
    expect(resized.statusCode, resized.body).toBe(202);
    expect(resized.json().scene.image).toMatchObject({ width: 512, height: 256 });
    const superRes = await call(
      owner,
      'POST',
      `/interior/${id}/scenes/${scene.id}/enhance`,
      settings({ super_resolution: true, super_resolution_level: 60 }),
    );
    const image = superRes.json().scene.image as InteriorSceneAnswer['image'];
    expect([image.width, image.height]).toEqual([2048, 1024]);
    expect(image.tiles).toMatchObject({ width: 2048, cols: 4, rows: 2 });
    const bad = await call(
      owner,
      'POST',
      `/interior/${id}/scenes/${scene.id}/enhance`,
      settings({ resized_width: 1000, resized_height: 600 }),
    );
    expect(bad.statusCode).toBe(422);
  });

  it('white balance: warmer raises red and lowers blue, auto evens the channels; kept with the enhancement', async () => {
    const id = await vehicle();
    const bluish = await sharp(jpeg1024).linear([0.8, 0.9, 1.2], [0, 0, 0]).jpeg().toBuffer();
    const scene = await upload(id, bluish);
    const before = await measure(await shown(scene));
    const warm = await call(owner, 'POST', `/interior/${id}/scenes/${scene.id}/adjust`, {
      mode: 'manual',
      temperature: 60,
      tint: 0,
    });
    expect(warm.statusCode, warm.body).toBe(202);
    const warmed = await measure(await shown(warm.json().scene));
    expect(warmed.r).toBeGreaterThan(before.r + 5);
    expect(warmed.b).toBeLessThan(before.b - 5);

    const auto = await call(owner, 'POST', `/interior/${id}/scenes/${scene.id}/adjust`, {
      mode: 'auto',
      temperature: 0,
      tint: 0,
    });
    const evened = await measure(await shown(auto.json().scene));
    const cast = (m: { r: number; b: number }) => Math.abs(m.b - m.r);
    expect(cast(evened)).toBeLessThan(cast(before) / 2);

    // The enhancement applied next keeps the white balance in force.
    const both = await call(
      owner,
      'POST',
      `/interior/${id}/scenes/${scene.id}/enhance`,
      settings({ saturation: true, saturation_level: 10 }),
    );
    expect(both.json().scene).toMatchObject({ white_balance: { mode: 'auto' }, enhance: { saturation: true } });
    expect(cast(await measure(await shown(both.json().scene)))).toBeLessThan(cast(before) / 2);
  });

  it('GET enhance answers the settings and the before/after; the preview is a 1024-wide JPEG, changed', async () => {
    const id = await vehicle();
    const scene = await upload(id);
    const fresh = (await call(owner, 'GET', `/interior/${id}/scenes/${scene.id}/enhance`)).json();
    expect(fresh).toMatchObject({ enabled: true, applied: false, settings: DEFAULT_ENHANCE_SETTINGS });
    expect(fresh.before).toBe(fresh.after);
    const preview = await call(
      owner,
      'GET',
      `/interior/${id}/scenes/${scene.id}/enhance/preview?shadow_highlight=true&shadow_highlight_level=100&_=1`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(preview.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 512]);
    expect((await measure(preview.rawPayload)).luma).toBeGreaterThan((await measure(await shown(scene))).luma + 5);
    const bad = await call(owner, 'GET', `/interior/${id}/scenes/${scene.id}/enhance/preview?saturation_level=500`);
    expect(bad.statusCode).toBe(422);

    await call(owner, 'POST', `/interior/${id}/scenes/${scene.id}/enhance`, settings({ tone_curve: true }));
    const applied = (await call(owner, 'GET', `/interior/${id}/scenes/${scene.id}/enhance`)).json();
    expect(applied).toMatchObject({ applied: true, settings: { tone_curve: true } });
    expect(applied.after).not.toBe(applied.before);
  });

  it('undo goes back to the original and deletes the edited picture; the original stays', async () => {
    const id = await vehicle();
    const scene = await upload(id);
    const files = (await blobFiles(id)).length;
    const edited = await call(
      owner,
      'POST',
      `/interior/${id}/scenes/${scene.id}/enhance`,
      settings({ saturation: true }),
    );
    expect((await blobFiles(id)).length).toBeGreaterThan(files);
    const undone = await call(owner, 'DELETE', `/interior/${id}/scenes/${scene.id}/enhance`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ original: null, enhance: null, white_balance: null });
    expect(undone.json().image.master).toBe(scene.image.master);
    expect(edited.json().scene.image.master).not.toBe(scene.image.master);
    expect((await blobFiles(id)).length).toBe(files);
  });
});

describe('locks', () => {
  it('a running tour_movie refuses every interior change with content_locked naming it; reads still work', async () => {
    const id = await vehicle();
    const scene = await upload(id);
    const running = await startProcess(id, 'tour_movie');
    const attempts = [
      uploadPanorama(t.app, owner.contentToken, id, jpeg1024),
      call(owner, 'POST', '/multipanorama/order', { content_id: id, scene_ids: [scene.id] }),
      call(owner, 'POST', `/interior/${id}/scenes/${scene.id}`, { title: 'x' }),
      call(owner, 'DELETE', `/interior/${id}/scenes/${scene.id}`),
      call(owner, 'POST', `/interior/${id}/scenes/${scene.id}/enhance`, settings({ saturation: true })),
      call(owner, 'POST', `/interior/${id}/scenes/${scene.id}/adjust`, { mode: 'auto', temperature: 0, tint: 0 }),
      call(owner, 'DELETE', `/interior/${id}/scenes/${scene.id}/enhance`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'content_locked', params: { process: 'tour_movie' } });
    }
    expect((await call(owner, 'GET', `/interior/${id}`)).statusCode).toBe(200);
    expect((await interiorOf(id)).scenes).toHaveLength(1);
    await processRepo(t.db).change(running.id, { status: 'failed', finished: true });
  });

  it('one image edit at a time: a running interior_enhance refuses another enhance, an adjust and undo', async () => {
    const id = await vehicle();
    const scene = await upload(id);
    const running = await startProcess(id, 'interior_enhance');
    for (const res of [
      await call(owner, 'POST', `/interior/${id}/scenes/${scene.id}/enhance`, settings({ saturation: true })),
      await call(owner, 'POST', `/interior/${id}/scenes/${scene.id}/adjust`, { mode: 'auto', temperature: 0, tint: 0 }),
      await call(owner, 'DELETE', `/interior/${id}/scenes/${scene.id}/enhance`),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'content_locked', params: { process: 'interior_enhance' } });
    }
    // The spec's rules: interior_enhance locks content delete and transfer, not the scenes' own edits.
    expect((await call(owner, 'POST', `/interior/${id}/scenes/${scene.id}`, { title: 'ok' })).statusCode).toBe(200);
    const processes = (await interiorOf(id)).processes;
    expect(processes.map((p) => p.process)).toEqual(['interior_enhance']);
    await processRepo(t.db).change(running.id, { status: 'failed', finished: true });
  });
});
