import { randomBytes } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoredImage } from '../../src/db/schema.ts';
import { contentsJobs, type SweepOrphansPayload, sweepOrphanMediaJob } from '../../src/modules/contents/jobs.ts';
import { contentsRepo } from '../../src/modules/contents/repo.ts';
import { movieBackupRepo } from '../../src/modules/exterior/backup-repo.ts';
import { exteriorRepo } from '../../src/modules/exterior/repo.ts';
import { interiorRepo } from '../../src/modules/interior/repo.ts';
import { sliderRepo } from '../../src/modules/slider/repo.ts';
import { referencedKeys } from '../../src/modules/vehicle-media/areas.ts';
import { ORPHAN_GRACE_MS, sweepOrphanBlobs, sweepVehicleOrphans } from '../../src/modules/vehicle-media/sweep.ts';
import type { JobHandler } from '../../src/platform/jobs/queue-registry.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { putContentAddressed } from '../../src/platform/storage/content-addressed.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior, testAppStore } from '../helpers/exterior-seed.ts';

/**
 * The nightly sweep of blobs no row refers to (modules/vehicle-media/sweep.ts): an orphan past the grace goes; every key
 * any area's row names stays, as does a young orphan, a busy vehicle's files and another vehicle's.
 */

const t = useTestApp();
const store = () => testAppStore(t.dir);
const HOUR = 3600_000;

/** Makes a blob look written `hours` ago (the disk store's modified time is the file's). */
async function age(key: string, hours = 48): Promise<void> {
  const at = new Date(Date.now() - hours * HOUR);
  await utimes(path.join(t.dir, 'media', key), at, at);
}
const files = (id: string) => store().list(`contents/${id}/`);
const ageAll = async (id: string) => {
  for (const key of await files(id)) await age(key);
};

/** A blob of its own bytes under the vehicle's area folder, content-addressed as the product names them. */
const blob = async (id: string, folder: string, extension = 'jpg') =>
  (await putContentAddressed(store(), `contents/${id}/${folder}`, randomBytes(64), extension)).key;

/** A stored image whose master and renditions are blobs (tiles too, for a panorama). */
async function image(id: string, folder: string, tiles = 0): Promise<StoredImage> {
  const stored: StoredImage = {
    width: 64,
    height: 32,
    master: await blob(id, folder),
    renditions: {
      small: { width: 32, height: 16, jpeg: await blob(id, folder), webp: await blob(id, folder, 'webp') },
    },
  };
  if (tiles > 0) {
    const keys: string[] = [];
    for (let i = 0; i < tiles; i++) keys.push(await blob(id, `${folder}/tiles`));
    stored.tiles = { width: 64, cols: tiles, rows: 1, tile_width: 64 / tiles, keys };
  }
  return stored;
}

type Owner = Awaited<ReturnType<typeof t.make.user>>;

/**
 * A vehicle with a row of every area that names files: spin frames (a temp row too) with a replaced frame, an
 * original video's backup (and a purged one, whose file is no longer kept), a panorama with its tiles and its
 * corrected picture, a category image, an original video with its still, a rider-view image, and a list thumbnail
 * of its own. Every file is made old, so only references can keep them.
 */
async function vehicleOfEveryArea(owner: Owner): Promise<{ id: string; purgedBackup: string }> {
  const [id] = (await t.make.vehicles(owner)) as [string];
  const seeded = await seedExterior(t, id, { rows: [2, 1], tempRows: [2] });
  await exteriorRepo(t.db).setEdited(seeded.rows[0]!.frameIds[1]!, {
    image: await image(id, 'exterior'),
    kind: 'replace',
  });
  const backups = movieBackupRepo(t.db);
  const backup = (key: string) =>
    backups.insert({
      contentId: id,
      domainId: owner.domainId,
      uploadId: null,
      blobKey: key,
      size: 64,
      durationSeconds: 10,
      fileName: 'walk-around.mp4',
      expiresAt: null,
    });
  await backup(await blob(id, 'exterior-backups', 'mp4'));
  const purgedBackup = await blob(id, 'exterior-backups', 'mp4');
  await backups.markPurged((await backup(purgedBackup)).id, new Date());
  const interior = interiorRepo(t.db);
  const scene = await interior.insert({ contentId: id, title: 'Seats', original: await image(id, 'interior', 4) });
  await interior.setCurrent(scene.id, { current: await image(id, 'interior', 4), enhance: {}, white_balance: null });
  const slider = sliderRepo(t.db);
  const picture = await image(id, 'slider');
  await slider.insertItem(id, { kind: 'image', category: 'exterior', caption: '', image: picture, video_id: null });
  const movie = { key: await blob(id, 'movies', 'mp4'), bytes: 64, width: 64, height: 32, duration_seconds: 3 };
  await slider.insertMovie(id, { ...movie, codec: 'h264', poster: await image(id, 'movies') }, 'movie.mp4');
  await slider.insertRiderView(id, await image(id, 'rider-view'));
  await contentsRepo(t.db).update(id, { thumbnail_key: await blob(id, 'exterior') });
  await ageAll(id);
  return { id, purgedBackup };
}

describe('the sweep of orphan blobs', () => {
  it('deletes an old orphan and keeps every referenced blob of every area, and a young orphan', async () => {
    const owner = await t.make.user();
    const { id, purgedBackup } = await vehicleOfEveryArea(owner);
    const vehicle = await contentsRepo(t.db).find(id);
    const referenced = [...(await referencedKeys(t.db, vehicle!))].sort();
    // Every file written for a row is named by its row, the purged backup's excepted.
    expect(referenced).toEqual((await files(id)).filter((key) => key !== purgedBackup));
    for (const folder of ['exterior/', 'exterior-backups/', 'interior/tiles/', 'slider/', 'movies/', 'rider-view/']) {
      expect(
        referenced.some((key) => key.startsWith(`contents/${id}/${folder}`)),
        folder,
      ).toBe(true);
    }
    const oldOrphan = await blob(id, 'exterior');
    await age(oldOrphan);
    const oldTile = await blob(id, 'interior/tiles');
    await age(oldTile, 25);
    const youngOrphan = await blob(id, 'slider');
    await age(youngOrphan, 23);

    const swept = await sweepVehicleOrphans(t.db, store(), id);
    expect(swept.deleted.sort()).toEqual([oldOrphan, oldTile, purgedBackup].sort());
    expect(await files(id)).toEqual([...referenced, youngOrphan].sort());

    // Idempotent: a second sweep finds nothing more; past its grace, the young orphan goes too.
    expect(await sweepVehicleOrphans(t.db, store(), id)).toEqual({ deleted: [] });
    const later = new Date(Date.now() + 2 * HOUR);
    expect(await sweepVehicleOrphans(t.db, store(), id, { now: later })).toEqual({ deleted: [youngOrphan] });
    expect(await files(id)).toEqual(referenced);
  });

  it('skips a vehicle with a queued or running process, and sweeps it once the process ended', async () => {
    const owner = await t.make.user();
    const [queued] = (await t.make.vehicles(owner, { process: 'queued', processName: 'exterior_replace_image' })) as [
      string,
    ];
    const [running] = (await t.make.vehicles(owner, { process: 'running' })) as [string];
    // A replacement waiting for its process: its source is named only by the process's payload.
    const source = await blob(queued, 'exterior/replace-sources', 'png');
    const written = await blob(running, 'exterior');
    await age(source);
    await age(written);

    expect(await sweepVehicleOrphans(t.db, store(), queued)).toEqual({ deleted: [], skipped: 'busy' });
    expect(await sweepVehicleOrphans(t.db, store(), running)).toEqual({ deleted: [], skipped: 'busy' });
    expect(await files(queued)).toEqual([source]);
    expect(await files(running)).toEqual([written]);

    await t.make.update.processesOf(owner.id, 'failed');
    expect(await sweepVehicleOrphans(t.db, store(), queued)).toEqual({ deleted: [source] });
    expect(await sweepVehicleOrphans(t.db, store(), running)).toEqual({ deleted: [written] });
  });

  it('touches only the vehicle swept: another vehicle’s files, even with a prefix-like id, stay', async () => {
    const owner = await t.make.user();
    const [one, two] = (await t.make.vehicles(owner, { count: 2 })) as [string, string];
    const mine = await blob(one, 'slider');
    const theirs = await blob(two, 'slider');
    // `contents/<id>` followed by more digits is another vehicle's folder, never this one's.
    const lookalike = (await putContentAddressed(store(), `contents/${one}0/slider`, randomBytes(8), 'jpg')).key;
    for (const key of [mine, theirs, lookalike]) await age(key);

    expect(await sweepVehicleOrphans(t.db, store(), one)).toEqual({ deleted: [mine] });
    expect(await files(two)).toEqual([theirs]);
    expect(await store().list(`contents/${one}0/`)).toEqual([lookalike]);
  });

  it('runs as a job in batches, each handing the rest on, and a second night deletes nothing', async () => {
    const owner = await t.make.user();
    const cars = (await t.make.vehicles(owner, { count: 3 })) as string[];
    const orphans: string[] = [];
    for (const car of cars) {
      const key = await blob(car, 'rider-view');
      await age(key);
      orphans.push(key);
    }
    const kept = await vehicleOfEveryArea(owner);
    const keptFiles = (await files(kept.id)).filter((key) => key !== kept.purgedBackup);

    const enqueued: SweepOrphansPayload[] = [];
    const logged: Record<string, unknown>[] = [];
    const jobs = contentsJobs(
      {
        db: t.db,
        store: store(),
        media: createMedia(),
        log: (_msg, fields) => logged.push(fields),
        enqueue: async (_definition, payload) => {
          enqueued.push(payload as SweepOrphansPayload);
          return 'queued';
        },
      },
      { sweepBatch: 2 },
    );
    expect(jobs.definitions).toContain(sweepOrphanMediaJob);
    expect(sweepOrphanMediaJob.schedule).toMatchObject({ cron: '0 4 * * *', tz: 'Asia/Tokyo' });
    const handler = jobs.handlers[sweepOrphanMediaJob.name] as unknown as JobHandler<SweepOrphansPayload>;

    // The chain, as pg-boss would run it: the scheduled job, then each job its predecessor enqueued.
    const night = async (id: string) => {
      enqueued.length = 0;
      let payload: SweepOrphansPayload = {};
      for (let job = 0; job < 100; job++) {
        await handler(payload, { id, retryCount: 0 });
        const next = enqueued.at(-1);
        if (!next || next === payload) return job + 1;
        expect(next.run).toBe(id);
        payload = next;
      }
      throw new Error('the chain never ended');
    };
    const total = (await contentsRepo(t.db).idsAfter(null, 1000)).length;
    expect(await night('night-1')).toBe(Math.floor(total / 2) + 1);
    for (const [i, car] of cars.entries()) expect(await files(car), car).not.toContain(orphans[i]);
    expect(await files(kept.id)).toEqual(keptFiles);

    // A retried job sweeps its batch again harmlessly; the next night finds nothing to delete.
    expect(await sweepOrphanBlobs(t.db, store(), null, { limit: 1000 })).toMatchObject({ deleted: [], next: null });
    logged.length = 0;
    await night('night-2');
    expect(logged.flatMap((fields) => (fields.deleted ? [fields.deleted] : []))).toEqual([]);
    expect(await files(kept.id)).toEqual(keptFiles);
    expect(ORPHAN_GRACE_MS).toBe(24 * HOUR);
  });
});
