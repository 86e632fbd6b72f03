import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { processService } from '../../src/modules/processes/service.ts';
import { startAutoImagesIfEnabled } from '../../src/modules/slider/category-auto-service.ts';
import { exteriorPicks } from '../../src/modules/slider/category-auto-work.ts';
import { AUTO_IMAGES_JOBS } from '../../src/modules/slider/jobs.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior, testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { panorama } from '../helpers/pictures.ts';
import { REAL_SPIN_FRONT, seedRealSpin } from '../helpers/real-spin.ts';
import { startsAfterNewMedia } from '../helpers/recording-jobs.ts';
import { uploadPanorama } from '../interior/panoramas.ts';

/**
 * Automatic category images (exterior_ and interior_autogenerate_category_images): five sharp 16:9 pictures at the
 * spec's angles from the real car's spin, one view per interior scene, added once to the slider as ordinary items;
 * off unless the domain and the owner have them on; the lock rules while they run.
 */

const t = useTestApp();
const API = '/api/browser/v0';
let owner: SignedInUser;
let off: SignedInUser;

beforeAll(async () => {
  owner = await t.make.signedIn({
    tenant: await t.make.tenant({ options: { ai_category_image_autogeneration: true } }),
    privilege_type: 'super',
  });
  off = await t.make.signedIn({ tenant: await t.make.tenant(), privilege_type: 'super' });
});

const as = (user: SignedInUser, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...(request.headers ?? {}), authorization: `Bearer ${user.contentToken}` } });
const generate = (user: SignedInUser, car: string, source: string) =>
  as(user, { method: 'POST', url: `${API}/slider/${car}/auto-generate`, payload: { source } });
const sliderOf = async (user: SignedInUser, car: string) =>
  (await as(user, { method: 'GET', url: `${API}/slider/${car}` })).json();

describe('POST /slider/{id}/auto-generate', () => {
  it('exterior: five 16:9 pictures of the real spin at 45, 90, 135, 180 and 0 degrees, added once', async () => {
    const car = ((await t.make.vehicles(owner)) as [string])[0];
    // The spin already starts at the front (frame 0), as front detection leaves it.
    const seeded = await seedRealSpin(t, car, [{ frames: 16, start: REAL_SPIN_FRONT }], 640);
    const picks = await exteriorPicks(createMedia(), testAppStore(t.dir), seeded.rows[0]!.images);
    // 45, 90, 135, 180 and 0 degrees of 16 frames, each or a neighbour (the sharpest of the three).
    expect(picks).toHaveLength(5);
    for (const [i, p] of picks.entries()) expect(Math.abs(p - [2, 4, 6, 8, 0][i]!)).toBeLessThanOrEqual(1);
    const res = await generate(owner, car, 'exterior');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().process.process).toBe('exterior_autogenerate_category_images');
    const slider = await sliderOf(owner, car);
    expect(slider.items).toHaveLength(5);
    for (const item of slider.items) {
      expect(item).toMatchObject({ kind: 'image', category: 'exterior', caption: '' });
      // The seeded frames are under 1920x1080: the smaller of the spec's 16:9 sizes.
      expect([item.image.width, item.image.height]).toEqual([1280, 720]);
    }
    const processes = await t.db
      .selectFrom('content_processes')
      .select(['status', 'progress'])
      .where('content_id', '=', car)
      .execute();
    expect(processes).toEqual([{ status: 'succeeded', progress: 100 }]);
    // Again: the same pictures are already there, nothing is added.
    expect((await generate(owner, car, 'exterior')).statusCode).toBe(202);
    expect((await sliderOf(owner, car)).items).toHaveLength(5);
  });

  it('interior: the view of each scene where the viewer opens', async () => {
    const car = ((await t.make.vehicles(owner)) as [string])[0];
    // Two different pictures: the same one twice would give the same view, which is added once.
    for (const width of [2048, 1536]) {
      const up = await uploadPanorama(t.app, owner.contentToken, car, await panorama(width, width / 2), 'pano.jpg');
      expect(up.statusCode, up.body).toBe(201);
    }
    const res = await generate(owner, car, 'interior');
    expect(res.statusCode, res.body).toBe(202);
    const items = (await sliderOf(owner, car)).items;
    expect(items.map((i: { category: string }) => i.category)).toEqual(['interior', 'interior']);
    expect([items[0].image.width, items[0].image.height]).toEqual([1280, 720]);
  });

  it('is refused when off, without the source, and while a process locks it', async () => {
    const plain = ((await t.make.vehicles(off)) as [string])[0];
    const refused = await generate(off, plain, 'exterior');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.params).toEqual({ reason: 'ai_category_images_off' });

    const car = ((await t.make.vehicles(owner)) as [string])[0];
    const none = await generate(owner, car, 'interior');
    expect(none.statusCode).toBe(422);
    expect(none.json().error.fields[0]).toMatchObject({ field: 'source', rule: 'requires' });
    expect((await generate(owner, car, 'wheels')).statusCode).toBe(422);

    await seedExterior(t, car, { rows: [8] });
    const [blur] = await processService(t.db).start([{ contentId: car, process: 'blur', actorUserId: owner.id }]);
    const locked = await generate(owner, car, 'exterior');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.params).toMatchObject({
      process: 'blur',
      operation: 'CATEGORY_IMAGE.GENERATE_IMAGE_AUTO_EXTERIOR',
    });
    await processService(t.db).succeed(blur!.id);
  });
});

describe('while the automatic category images run', () => {
  for (const process of ['exterior_autogenerate_category_images', 'interior_autogenerate_category_images'] as const) {
    it(`${process} locks the vehicle's delete and transfer (every process but two does)`, async () => {
      const car = ((await t.make.vehicles(owner)) as [string])[0];
      const [running] = await processService(t.db).start([{ contentId: car, process, actorUserId: owner.id }]);
      const res = await as(owner, { method: 'DELETE', url: `${API}/contents/${car}` });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.params).toMatchObject({ process, operation: 'CONTENT.DELETE' });
      await processService(t.db).succeed(running!.id);
      expect((await as(owner, { method: 'DELETE', url: `${API}/contents/${car}` })).statusCode).toBe(200);
    });
  }
});

describe('after a new spin or scene', () => {
  it('is queued when the vehicle has it on, and only then', async () => {
    const { started, jobs } = await startsAfterNewMedia(t, [owner, off], (trx, runner, car, actor) =>
      startAutoImagesIfEnabled(trx, runner, car, 'interior', actor),
    );
    expect(started).toEqual([true, false]);
    expect(jobs).toEqual([AUTO_IMAGES_JOBS.interior.name]);
  });
});
