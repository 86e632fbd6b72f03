import { DEFAULT_ENHANCE_SETTINGS, type EnhanceSettings, type InteriorSceneAnswer } from '@spinyard/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processRepo } from '../../src/modules/processes/repo.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { edgeEnergy, measure } from '../helpers/pictures.ts';
import { useInteriorApp } from './interior-helpers.ts';
import { fetchMedia, uploadPanorama } from './panoramas.ts';

/**
 * Interior scene edits on real pictures made by sharp: the image-quality tool and the white balance measured on the
 * pixels, the original kept, undo, the locks. Uploads, order, delete and scene updates are in interior.test.ts.
 */

let owner: SignedInUser;
let plainOwner: SignedInUser;
let jpeg1024: Buffer;
const { t, call, vehicle, upload, interiorOf, blobFiles } = useInteriorApp((seed) => {
  ({ owner, plainOwner, jpeg1024 } = seed);
});

/** A process running on the vehicle, as a worker would hold it. */
async function startProcess(contentId: string, process: 'tour_movie' | 'interior_enhance') {
  const [row] = await processRepo(t.db).insert([{ contentId, process, actorUserId: owner.id }]);
  await processRepo(t.db).change(row!.id, { status: 'running' });
  return row!;
}

/** A process row as it ended (without a job runner the service ran it before answering). */
const finished = async (processId: string) => processRepo(t.db).find(processId);

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
