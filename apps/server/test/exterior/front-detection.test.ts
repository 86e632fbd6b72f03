import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextAfter } from '../../src/modules/exterior/after-spin.ts';
import { blurJob, blurJobs } from '../../src/modules/exterior/blur-jobs.ts';
import { exteriorEditJobs, replaceImageJob } from '../../src/modules/exterior/edit-jobs.ts';
import {
  afterNewSpin,
  frontDetectionJob,
  frontDetectionJobs,
  startFrontDetectionIfEnabled,
} from '../../src/modules/exterior/front-jobs.ts';
import { exteriorRepo } from '../../src/modules/exterior/repo.ts';
import type { ProcessJobPayload } from '../../src/modules/processes/runner.ts';
import { processService } from '../../src/modules/processes/service.ts';
import { AUTO_IMAGES_JOBS } from '../../src/modules/slider/jobs.ts';
import { detectFront, FRONT_ANALYSIS_WIDTH } from '../../src/platform/ai/front-detection.ts';
import type { PlateDetector } from '../../src/platform/ai/plate-detector.ts';
import type { JobHandler } from '../../src/platform/jobs/queue-registry.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { realSpinFrames, realSpinViewJpeg, seedRealSpin } from '../helpers/real-spin.ts';
import { type Recolour, recolouredViewJpeg } from '../helpers/real-spin-paint.ts';
import { recordingJobs, startsAfterNewMedia, workerContext } from '../helpers/recording-jobs.ts';

/**
 * Front detection (the exterior_autodetect_angle process) on the real car spin of threesixty-slider: the front found
 * within one frame, the rows turned so frame 0 is the front, the domain option, the honest failure on frames that
 * are no car, the locks while it runs, and the start after a new spin when the domain has it on.
 */

const t = useTestApp();
const API = '/api/browser/v0';
let owner: SignedInUser;
let off: SignedInUser;

beforeAll(async () => {
  owner = await t.make.signedIn({ tenant: await t.make.tenant({ options: { front_detection: true } }) });
  off = await t.make.signedIn({ tenant: await t.make.tenant() });
});

const as = (user: SignedInUser, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...(request.headers ?? {}), authorization: `Bearer ${user.contentToken}` } });
const detect = (user: SignedInUser, car: string) =>
  as(user, { method: 'POST', url: `${API}/exterior/${car}/autodetect-angle` });
const circular = (a: number, b: number, n: number) => Math.min(Math.abs(a - b) % n, n - (Math.abs(a - b) % n));

/** A vehicle whose rows are the real car's turn, each starting at its own angle. */
async function realSpinCar(user: SignedInUser, starts: readonly { start: number; direction: 1 | -1 }[]) {
  const car = ((await t.make.vehicles(user)) as [string])[0];
  const { spins, ...seeded } = await seedRealSpin(
    t,
    car,
    starts.map((s) => ({ frames: 24, ...s })),
    320,
  );
  return { car, spins, seeded };
}

describe('detectFront on the real spin', () => {
  it('finds the front within one frame whichever frame the spin starts at and whichever way it turns', async () => {
    const media = createMedia();
    for (const [start, direction] of [
      [0, 1],
      [30, -1],
    ] as const) {
      const spin = realSpinFrames(36, start, direction);
      const images = await Promise.all(
        spin.views.map(async (v) => media.analysisImage(await realSpinViewJpeg(v, 256), FRONT_ANALYSIS_WIDTH)),
      );
      const found = detectFront(images);
      expect(found.status).toBe('found');
      if (found.status === 'found') expect(circular(found.front, spin.front, 36)).toBeLessThanOrEqual(1);
    }
  });

  it('a red car: told by its headlights when its paint is red, unsure when it is red all over, never wrong', async () => {
    const media = createMedia();
    const spin = realSpinFrames(24, 7, -1);
    // Painted at 700 px: the paint's recolouring reads texture, and a smaller picture leaves the headlights red too.
    const read = (recolour: Recolour) =>
      Promise.all(
        spin.views.map(async (v) =>
          media.analysisImage(await recolouredViewJpeg(v, recolour, 700), FRONT_ANALYSIS_WIDTH),
        ),
      );
    const painted = detectFront(await read('red-paint'));
    expect(painted).toMatchObject({ status: 'found', cue: 'headlights' });
    if (painted.status === 'found') expect(circular(painted.front, spin.front, 24)).toBeLessThanOrEqual(1);
    // Headlights, glass and grille as red as the body: nothing tells the ends apart, and it says so.
    expect(detectFront(await read('red-tint'))).toMatchObject({ status: 'unsure', reason: 'red_body' });
  });
});

describe('POST /exterior/{id}/autodetect-angle', () => {
  it('turns every row so that frame 0 shows the front', async () => {
    const { car, spins, seeded } = await realSpinCar(owner, [
      { start: 5, direction: 1 },
      { start: 20, direction: -1 },
    ]);
    const res = await detect(owner, car);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().process).toMatchObject({ process: 'exterior_autodetect_angle', status: 'succeeded' });
    const frames = await exteriorRepo(t.db).frames(car);
    for (const [r, row] of seeded.rows.entries()) {
      const first = frames.find((f) => f.group_id === row.id && f.frame_order === 0)!;
      const place = row.frameIds.indexOf(first.id);
      expect(circular(place, spins[r]!.front, 24), `row ${r + 1}`).toBeLessThanOrEqual(1);
      // A turn, not a shuffle: the frames keep their cyclic order.
      const order = frames.filter((f) => f.group_id === row.id).map((f) => row.frameIds.indexOf(f.id));
      expect(order).toEqual(order.map((_, i) => (place + i) % 24));
    }
    // The list thumbnail follows the first frame of row 1.
    const content = await t.db.selectFrom('contents').select('thumbnail_key').where('id', '=', car).executeTakeFirst();
    const firstOfRow1 = frames.find((f) => f.group_id === seeded.rows[0]!.id && f.frame_order === 0)!;
    expect(content?.thumbnail_key).toBe(firstOfRow1.original.renditions.thumbnail?.jpeg);
  });

  it('frames that show no car: fails with front_not_found and leaves the spin as it was', async () => {
    const car = ((await t.make.vehicles(owner)) as [string])[0];
    const seeded = await seedExterior(t, car, { rows: [12] });
    const res = await detect(owner, car);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().process.status).toBe('failed');
    expect(res.json().process.error).toMatch(/^front_not_found: /);
    expect((await exteriorRepo(t.db).frames(car)).map((f) => f.id)).toEqual(seeded.rows[0]!.frameIds);
  });

  it("is refused without the domain's option, without a spin, and while a process locks it", async () => {
    const plain = ((await t.make.vehicles(off)) as [string])[0];
    await seedExterior(t, plain, { rows: [8] });
    const refused = await detect(off, plain);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'forbidden', params: { reason: 'front_detection_off' } });

    const empty = ((await t.make.vehicles(owner)) as [string])[0];
    const none = await detect(owner, empty);
    expect(none.statusCode).toBe(422);
    expect(none.json().error.fields[0]).toMatchObject({ field: 'content_id', rule: 'requires' });

    const car = ((await t.make.vehicles(owner)) as [string])[0];
    await seedExterior(t, car, { rows: [8] });
    const [blur] = await processService(t.db).start([{ contentId: car, process: 'blur', actorUserId: owner.id }]);
    const locked = await detect(owner, car);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toMatchObject({
      code: 'content_locked',
      params: { process: 'blur', operation: 'EXTERIOR.DETECT_ANGLE' },
    });
    await processService(t.db).succeed(blur!.id);
  });
});

describe('while exterior_autodetect_angle runs', () => {
  it('refuses the exterior edits, another detection and the vehicle delete (first document, 4)', async () => {
    const car = ((await t.make.vehicles(owner)) as [string])[0];
    const seeded = await seedExterior(t, car, { rows: [8] });
    const [running] = await processService(t.db).start([
      { contentId: car, process: 'exterior_autodetect_angle', actorUserId: owner.id },
    ]);
    const row = seeded.rows[0]!;
    const requests: [string, InjectOptions][] = [
      [
        'EXTERIOR.REORDER',
        {
          method: 'POST',
          url: `${API}/exteriorimage/order`,
          payload: { content_id: car, group_id: row.id, sheet_ids: [...row.frameIds].reverse() },
        },
      ],
      ['EXTERIOR.UPDATE', { method: 'DELETE', url: `${API}/exterior/${car}/frames/${row.frameIds[1]}` }],
      [
        'EXTERIOR.UPDATE',
        { method: 'POST', url: `${API}/exterior/${car}/initial-angle`, payload: { angle: 'left_45' } },
      ],
      ['EXTERIOR.REMOVE_EXTRA_IMAGES', { method: 'POST', url: `${API}/exterior/${car}/extra-images/remove` }],
      ['EXTERIOR.DETECT_ANGLE', { method: 'POST', url: `${API}/exterior/${car}/autodetect-angle` }],
      ['EXTERIOR.DELETE', { method: 'DELETE', url: `${API}/exterior/${car}` }],
      ['CONTENT.DELETE', { method: 'DELETE', url: `${API}/contents/${car}` }],
    ];
    for (const [operation, request] of requests) {
      const res = await as(owner, request);
      expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'content_locked',
        params: { process: 'exterior_autodetect_angle', operation },
      });
    }
    expect((await exteriorRepo(t.db).frames(car)).map((f) => f.id)).toEqual(row.frameIds);
    await processService(t.db).succeed(running!.id);
    expect((await as(owner, requests[2]![1])).statusCode).toBe(200);
  });
});

describe('after a new spin', () => {
  it('front detection is queued in the rows’ transaction when the domain has it on, and only then', async () => {
    const { cars, started, jobs } = await startsAfterNewMedia(t, [owner, off], startFrontDetectionIfEnabled);
    expect(started).toEqual([true, false]);
    expect(jobs).toEqual([frontDetectionJob.name]);
    const rows = await t.db
      .selectFrom('content_processes')
      .select(['content_id', 'process', 'status'])
      .where('content_id', 'in', cars)
      .execute();
    expect(rows).toEqual([{ content_id: cars[0], process: 'exterior_autodetect_angle', status: 'queued' }]);
  });
});

/** The vehicle's processes in the order they were started, each with its status. */
const processesOf = (car: string) =>
  t.db
    .selectFrom('content_processes')
    .select(['process', 'status'])
    .where('content_id', '=', car)
    .orderBy('id')
    .execute();

describe('what follows', () => {
  it('a new spin: front detection with its option on, else the category images with theirs, else nothing', async () => {
    const both = await t.make.signedIn({
      tenant: await t.make.tenant({ options: { front_detection: true, ai_category_image_autogeneration: true } }),
    });
    const imagesOnly = await t.make.signedIn({
      tenant: await t.make.tenant({ options: { ai_category_image_autogeneration: true } }),
    });
    const { enqueued, runner } = recordingJobs();
    const follow = afterNewSpin({ enqueue: runner.enqueue });
    for (const user of [both, imagesOnly, off]) {
      const car = ((await t.make.vehicles(user)) as [string])[0];
      await t.db.transaction().execute((trx) => follow(trx, car, user.id));
    }
    expect(enqueued.map((e) => e.name)).toEqual([frontDetectionJob.name, AUTO_IMAGES_JOBS.exterior.name]);
  });

  it('front detection found: the category images are queued in the transaction that turned the rows', async () => {
    const user = await t.make.signedIn({
      tenant: await t.make.tenant({ options: { front_detection: true, ai_category_image_autogeneration: true } }),
    });
    const { car } = await realSpinCar(user, [{ start: 12, direction: 1 }]);
    const [row] = await processService(t.db).start([
      { contentId: car, process: 'exterior_autodetect_angle', actorUserId: user.id },
    ]);
    const { enqueued, runner } = recordingJobs();
    const jobs = frontDetectionJobs(workerContext(t, runner));
    const handler = jobs.handlers[frontDetectionJob.name] as JobHandler<ProcessJobPayload>;
    expect(await handler({ processId: row!.id, attempt: 0 }, { id: 'job-1', retryCount: 0 })).toBe('success');
    expect(enqueued.map((e) => e.name)).toEqual([AUTO_IMAGES_JOBS.exterior.name]);
    expect(await processesOf(car)).toEqual([
      { process: 'exterior_autodetect_angle', status: 'succeeded' },
      { process: 'exterior_autogenerate_category_images', status: 'queued' },
    ]);
  });
  it('front detection, the rotation correction, the plate blur, and only then the category images', async () => {
    const user = await t.make.signedIn({
      tenant: await t.make.tenant({
        options: {
          front_detection: true,
          exterior_rotation_correction: true,
          background_blur: true,
          ai_category_image_autogeneration: true,
        },
      }),
    });
    const { car } = await realSpinCar(user, [{ start: 12, direction: 1 }]);
    const [row] = await processService(t.db).start([
      { contentId: car, process: 'exterior_autodetect_angle', actorUserId: user.id },
    ]);
    const { enqueued, runner } = recordingJobs();
    const ctx = workerContext(t, runner);
    const nothing: PlateDetector = { detect: async () => [] };
    const run = async (handlers: Record<string, unknown>, name: string, processId: string) =>
      (handlers[name] as JobHandler<ProcessJobPayload>)({ processId, attempt: 0 }, { id: name, retryCount: 0 });
    const front = frontDetectionJobs(ctx, (id) => nextAfter(ctx, 'front', id, nothing));
    expect(await run(front.handlers, frontDetectionJob.name, row!.id)).toBe('success');
    expect(enqueued.map((e) => e.name)).toEqual([replaceImageJob.name]);

    // Each step's end starts the next: the correction of every row, then the blur, then the category images.
    const edits = exteriorEditJobs(ctx, (id) => nextAfter(ctx, 'rotation', id, nothing));
    await run(edits.handlers, replaceImageJob.name, enqueued[0]!.payload.processId);
    expect(enqueued.map((e) => e.name)).toEqual([replaceImageJob.name, blurJob.name]);
    const blur = blurJobs(ctx, nothing, (id) => nextAfter(ctx, 'plates', id, nothing));
    await run(blur.handlers, blurJob.name, enqueued[1]!.payload.processId);
    expect(enqueued.map((e) => e.name)).toEqual([replaceImageJob.name, blurJob.name, AUTO_IMAGES_JOBS.exterior.name]);
    expect(await processesOf(car)).toEqual([
      { process: 'exterior_autodetect_angle', status: 'succeeded' },
      { process: 'exterior_replace_image', status: 'succeeded' },
      { process: 'blur', status: 'succeeded' },
      { process: 'exterior_autogenerate_category_images', status: 'queued' },
    ]);
  });
});
