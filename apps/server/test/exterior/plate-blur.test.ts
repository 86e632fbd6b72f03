import { readFile } from 'node:fs/promises';
import { regionBoxAt } from '@spinyard/domain';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextAfter } from '../../src/modules/exterior/after-spin.ts';
import { exteriorJobs } from '../../src/modules/exterior/jobs.ts';
import { multipleJob } from '../../src/modules/exterior/pipeline-work.ts';
import { defaultPlateDetector } from '../../src/platform/ai/index.ts';
import type { PlateDetector } from '../../src/platform/ai/plate-detector.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior, testAppStore } from '../helpers/exterior-seed.ts';
import { carPhotoWithPlate, PHOTO_PLATE, spinFrameWithoutPlate } from '../helpers/plate-photos.ts';

/**
 * The automatic plate blur after a spin is made (plate-blur-start.ts, plate-blur-work.ts), on a row of real
 * photographs: frames 0 and 2 the car with its plate, frame 1 the same car too blurred for the plate to be read
 * (the detector's flicker), frames 3 to 7 a real car without a plate. Run as the spin jobs run it, without a job
 * runner (the process then runs at once); the detector is the process's shared one (models loaded once).
 */

const t = useTestApp();
let pictures: Buffer[];

beforeAll(async () => {
  const photo = await readFile(await carPhotoWithPlate());
  const unreadable = await sharp(photo).blur(6).jpeg({ quality: 90 }).toBuffer();
  const without = await Promise.all(
    [1, 5, 9, 30, 33].map((n) =>
      sharp(spinFrameWithoutPlate(n))
        .flatten({ background: '#ffffff' })
        .resize(432, 288, { fit: 'fill' })
        .jpeg({ quality: 90 })
        .toBuffer(),
    ),
  );
  pictures = [photo, unreadable, photo, ...without];
});

const jobsContext = () => ({ db: t.db, store: testAppStore(t.dir), media: createMedia(), log: () => undefined });

/** A dealer's vehicle whose spin was just made (a succeeded `multiple` process) of the real frames. */
async function spinJustMade(backgroundBlur: boolean) {
  const tenant = await t.make.tenant({ options: { background_blur: backgroundBlur } });
  const dealer = await t.make.signedIn({ tenant });
  const [car] = await t.make.vehicles(dealer, { process: 'succeeded', processName: 'multiple' });
  const seeded = await seedExterior(t, car!, { pictures });
  const spin = await t.db
    .selectFrom('content_processes')
    .select('id')
    .where('content_id', '=', car!)
    .executeTakeFirstOrThrow();
  return { dealer, car: car!, groupId: seeded.rows[0]!.id, spinId: spin.id };
}

const framesOf = (groupId: string) =>
  t.db
    .selectFrom('exterior_frames')
    .select(['frame_order', 'edit_kind'])
    .where('group_id', '=', groupId)
    .orderBy('frame_order')
    .execute();

const blurProcesses = (car: string) =>
  t.db
    .selectFrom('content_processes')
    .select(['status', 'payload'])
    .where('content_id', '=', car)
    .where('process', '=', 'blur')
    .execute();

describe('the automatic plate blur after a spin is made', () => {
  it('does nothing when the domain has its blur option off', async () => {
    const s = await spinJustMade(false);
    expect(await nextAfter(jobsContext(), 'spin', s.spinId)).toBeUndefined();
    expect(await blurProcesses(s.car)).toEqual([]);
    expect((await framesOf(s.groupId)).every((f) => f.edit_kind === null)).toBe(true);
  });

  it('with the option on, blurs the plate as an editable track that holds over the frame the detector missed', async () => {
    const s = await spinJustMade(true);
    // The shared detector, watched: the process's progress as the live socket reads it, frame after frame.
    const shared = defaultPlateDetector(createMedia());
    const progress: number[] = [];
    const watched: PlateDetector = {
      async detect(image) {
        const [row] = await t.db
          .selectFrom('content_processes')
          .select(['progress', 'status'])
          .where('content_id', '=', s.car)
          .where('process', '=', 'blur')
          .execute();
        expect(row?.status).toBe('running');
        progress.push(row!.progress);
        return shared.detect(image);
      },
    };
    const started = await nextAfter(jobsContext(), 'spin', s.spinId, watched);
    expect(started).toMatchObject({ process: 'blur' });
    expect(await blurProcesses(s.car)).toEqual([{ status: 'succeeded', payload: { auto: 'plates' } }]);
    expect(progress).toHaveLength(pictures.length);
    expect(progress.at(-1)).toBeGreaterThan(progress[0]!);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    // The editor reads it as any row's settings: one region, keyed where the plate was read.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/browser/v0/blurred_contents/${s.car}`,
      headers: { authorization: `Bearer ${s.dealer.contentToken}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const settings = res.json().rows[0].settings;
    expect(settings).toMatchObject({ blur_target: 'regions', bg_color: null });
    expect(settings.regions).toHaveLength(1);
    const [region] = settings.regions;
    const keyed = region.keys.map((k: { frame: number }) => k.frame);
    expect(keyed).toEqual(expect.arrayContaining([0, 2]));
    expect(keyed).not.toContain(1);
    // Frame 1 (unreadable) lies between its keys: the box is there, over the plate.
    const box = regionBoxAt(region, 1, pictures.length)!;
    expect(box).not.toBeNull();
    expect(box.x).toBeLessThan(PHOTO_PLATE.x + PHOTO_PLATE.w / 2);
    expect(box.x + box.w).toBeGreaterThan(PHOTO_PLATE.x + PHOTO_PLATE.w / 2);
    expect(box.y).toBeLessThan(PHOTO_PLATE.y + PHOTO_PLATE.h / 2);
    expect(box.y + box.h).toBeGreaterThan(PHOTO_PLATE.y + PHOTO_PLATE.h / 2);

    // Blurred where the plate is and one frame either side; the car without a plate further round is not.
    const kinds = (await framesOf(s.groupId)).map((f) => f.edit_kind);
    expect(kinds.slice(0, 3)).toEqual(['blur', 'blur', 'blur']);
    expect(kinds.slice(4, 7)).toEqual([null, null, null]);

    // The row has its settings now: a spin made again elsewhere does not take it up a second time.
    expect(await nextAfter(jobsContext(), 'spin', s.spinId)).toBeUndefined();
  });

  it('is started by the spin job itself once its process has succeeded (a detector that finds nothing here)', async () => {
    const s = await spinJustMade(true);
    const nothing: PlateDetector = { detect: async () => [] };
    const jobs = exteriorJobs(jobsContext(), { plates: nothing });
    const handler = jobs.handlers[multipleJob.name] as (p: object, j: { id: string; retryCount: number }) => unknown;
    // The spin's process already ended (delivered again): its work is skipped, the plate blur still runs once.
    await handler({ processId: s.spinId, attempt: 0 }, { id: 'job', retryCount: 0 });
    expect(await blurProcesses(s.car)).toEqual([{ status: 'succeeded', payload: { auto: 'plates' } }]);
    const saved = await t.db
      .selectFrom('exterior_settings')
      .select('blur')
      .where('content_id', '=', s.car)
      .executeTakeFirstOrThrow();
    const rows = (saved.blur as { rows: Record<string, { regions: unknown[] }> }).rows;
    expect(rows[s.groupId]?.regions).toEqual([]);
    expect((await framesOf(s.groupId)).every((f) => f.edit_kind === null)).toBe(true);
  });
});
