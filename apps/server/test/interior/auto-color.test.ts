import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentRecords } from '../../src/modules/contents/service.ts';
import { afterNewScene, autoColorJob, interiorJobs } from '../../src/modules/interior/jobs.ts';
import type { ProcessJobPayload } from '../../src/modules/processes/runner.ts';
import { processService } from '../../src/modules/processes/service.ts';
import { AUTO_IMAGES_JOBS } from '../../src/modules/slider/jobs.ts';
import { autoEnhance, measurePicture } from '../../src/platform/ai/auto-enhance.ts';
import type { JobHandler } from '../../src/platform/jobs/queue-registry.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { panorama } from '../helpers/pictures.ts';
import { recordingJobs, workerContext } from '../helpers/recording-jobs.ts';
import { uploadPanorama } from './panoramas.ts';

/**
 * The automatic colour and brightness of the interior (the `color` process): a dark, blue-cast panorama gets the
 * image-quality tool's shadows, tone curve and the automatic white balance, stored so the tool opens on them; a
 * well-exposed neutral one is left alone; off unless the domain's brightness option is on; the locks.
 */

const t = useTestApp();
const API = '/api/browser/v0';
let owner: SignedInUser;
let off: SignedInUser;
let good: Buffer;
let dark: Buffer;

beforeAll(async () => {
  owner = await t.make.signedIn({ tenant: await t.make.tenant({ options: { brightness: true } }) });
  off = await t.make.signedIn({ tenant: await t.make.tenant() });
  const base = await panorama(1024, 512);
  good = await sharp(base).linear(1.6, 15).jpeg({ quality: 92 }).toBuffer();
  // A cabin under cold light, underexposed: every channel down, blue least.
  dark = await sharp(base).linear([0.45, 0.5, 0.62], [0, 0, 0]).jpeg({ quality: 92 }).toBuffer();
});

const call = (user: SignedInUser, method: 'GET' | 'POST' | 'DELETE', url: string) =>
  t.app.inject({ method, url: `${API}${url}`, headers: { authorization: `Bearer ${user.contentToken}` } });

async function carWith(user: SignedInUser, pictures: Buffer[]): Promise<{ car: string; scenes: string[] }> {
  const car = ((await t.make.vehicles(user)) as [string])[0];
  const scenes: string[] = [];
  for (const picture of pictures) {
    const res = await uploadPanorama(t.app, user.contentToken, car, picture, 'pano.jpg');
    expect(res.statusCode, res.body).toBe(201);
    scenes.push(res.json().id);
  }
  return { car, scenes };
}

describe('autoEnhance', () => {
  it('answers a dark, cast picture and leaves a good one alone', async () => {
    const media = createMedia();
    const choose = async (picture: Buffer) => autoEnhance(measurePicture(await media.analysisImage(picture, 256)));
    expect(await choose(good)).toEqual({ settings: null, whiteBalance: null });
    const chosen = await choose(dark);
    expect(chosen.whiteBalance).toEqual({ mode: 'auto', temperature: 0, tint: 0 });
    expect(chosen.settings).toMatchObject({ shadow_highlight: true, tone_curve: true, sharpness: false });
  });
});

describe('POST /interior/{id}/auto-color', () => {
  it('corrects the scene that needs it, as the tool would, and the tool opens on the choice', async () => {
    const { car, scenes } = await carWith(owner, [dark, good]);
    const res = await call(owner, 'POST', `/interior/${car}/auto-color`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().process.process).toBe('color');
    const [corrected, kept] = (await call(owner, 'GET', `/interior/${car}`)).json().scenes;
    expect(corrected.white_balance).toEqual({ mode: 'auto', temperature: 0, tint: 0 });
    expect(corrected.enhance).toMatchObject({ shadow_highlight: true, tone_curve: true });
    // An edited picture is shown, the upload kept beside it.
    expect(corrected.original).not.toBeNull();
    expect(kept.original).toBeNull();
    expect([kept.enhance, kept.white_balance]).toEqual([null, null]);
    const tool = (await call(owner, 'GET', `/interior/${car}/scenes/${scenes[0]}/enhance`)).json();
    expect(tool.applied).toBe(true);
    expect(tool.settings.shadow_highlight).toBe(true);
    // The dealer undoes it: the original again.
    expect((await call(owner, 'DELETE', `/interior/${car}/scenes/${scenes[0]}/enhance`)).statusCode).toBe(200);
  });

  it("is refused without the domain's option or a scene, and the vehicle's delete waits for it", async () => {
    const plain = await carWith(off, []);
    const refused = await call(off, 'POST', `/interior/${plain.car}/auto-color`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.params).toEqual({ reason: 'brightness_off' });
    const empty = await carWith(owner, []);
    const none = await call(owner, 'POST', `/interior/${empty.car}/auto-color`);
    expect(none.statusCode).toBe(422);
    expect(none.json().error.fields[0]).toMatchObject({ field: 'content_id', rule: 'requires' });

    const [running] = await processService(t.db).start([
      { contentId: empty.car, process: 'color', actorUserId: owner.id },
    ]);
    const locked = await call(owner, 'DELETE', `/contents/${empty.car}`);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.params).toMatchObject({ process: 'color', operation: 'CONTENT.DELETE' });
    await processService(t.db).succeed(running!.id);
  });
});

describe('what follows a new scene', () => {
  it('the automatic colour with brightness on (its end queues the category images), else the category images', async () => {
    const both = await t.make.signedIn({
      tenant: await t.make.tenant({ options: { brightness: true, ai_category_image_autogeneration: true } }),
    });
    const imagesOnly = await t.make.signedIn({
      tenant: await t.make.tenant({ options: { ai_category_image_autogeneration: true } }),
    });
    const { enqueued, runner } = recordingJobs();
    const cars: string[] = [];
    for (const user of [both, imagesOnly, off]) {
      const { car } = await carWith(user, []);
      cars.push(car);
      const content = { id: car, domain_options: (await contentRecords(t.db).find(car))?.domain_options };
      await t.db.transaction().execute((trx) => afterNewScene(trx, runner, content, user.id));
    }
    expect(enqueued.map((e) => e.name)).toEqual([autoColorJob.name, AUTO_IMAGES_JOBS.interior.name]);

    // The colour's job ends: the category images of the first car are queued.
    const [row] = await t.db
      .selectFrom('content_processes')
      .select('id')
      .where('content_id', '=', cars[0]!)
      .where('process', '=', 'color')
      .execute();
    const jobs = interiorJobs(workerContext(t, runner));
    const handler = jobs.handlers[autoColorJob.name] as JobHandler<ProcessJobPayload>;
    expect(await handler({ processId: row!.id, attempt: 0 }, { id: 'job-1', retryCount: 0 })).toBe('success');
    expect(enqueued.map((e) => e.name)).toEqual([
      autoColorJob.name,
      AUTO_IMAGES_JOBS.interior.name,
      AUTO_IMAGES_JOBS.interior.name,
    ]);
  });
});
