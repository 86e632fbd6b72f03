import { stat } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { backupService, purgeMovieBackupsJob } from '../../src/modules/exterior/backup-service.ts';
import { exteriorJobs } from '../../src/modules/exterior/jobs.ts';
import type { JobHandler } from '../../src/platform/jobs/queue-registry.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { contentApi } from '../contents/content-api.ts';
import { useTestApp } from '../helpers/app.ts';
import { testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { refusedFields } from '../helpers/http.ts';
import { testVideo } from '../helpers/videos.ts';
import { readyUpload } from './pipeline-helpers.ts';

/**
 * Backups of the original videos: one per video the pipeline turns into a spin, kept for the domain's retention
 * (`movie_backup_days`, null = indefinitely); the daily purge (with a clock moved past the retention) deletes the
 * file and marks the backup purged; the master's report lists them with vehicle, company and domain.
 */

const t = useTestApp();
const DAY = 24 * 3600_000;
let keeper: SignedInUser;
let forgetter: SignedInUser;
let master: SignedInUser;

beforeAll(async () => {
  keeper = await t.make.signedIn({ privilege_type: 'super' });
  forgetter = await t.make.signedIn({
    privilege_type: 'super',
    domain: { options: { movie_backup_days: 3 } },
  });
  master = await t.make.master();
});

const backupsOf = (car: string) =>
  t.db.selectFrom('movie_backups').selectAll().where('content_id', '=', car).orderBy('id').execute();

async function spin(who: SignedInUser, fields: Record<string, unknown> = {}): Promise<string> {
  const [car] = (await t.make.vehicles(who, { fields })) as [string];
  const upload = await readyUpload(t, who, car, await testVideo('landscape'), 'lot-42.mp4');
  const res = await contentApi(t.app, who).post(`/exterior/${car}`, { upload_ids: [upload] });
  expect(res.json().process, res.body).toMatchObject({ status: 'succeeded' });
  return car;
}

describe('backups and their retention', () => {
  it('keeps each original video as uploaded (without its metadata), for the domain’s days or indefinitely', async () => {
    const kept = await spin(keeper);
    const [forever] = await backupsOf(kept);
    expect(forever).toMatchObject({ expires_at: null, purged_at: null, file_name: 'lot-42.mp4' });
    expect(forever!.domain_id).toBe(keeper.domainId);

    const before = Date.now();
    const limited = await spin(forgetter);
    const [dated] = await backupsOf(limited);
    expect(dated!.expires_at!.getTime() - dated!.created_at.getTime()).toBeGreaterThan(3 * DAY - 60_000);
    expect(dated!.expires_at!.getTime()).toBeLessThan(Date.now() + 3 * DAY + 1000);
    expect(dated!.expires_at!.getTime()).toBeGreaterThan(before + 3 * DAY - 1000);
    // The stored file is the upload's picture and sound, copied without their metadata (published-metadata.test.ts
    // shows a phone's tags gone): about the upload's size, and the size the row records.
    const { size } = await stat(await testVideo('landscape'));
    expect(Math.abs(Number(dated!.size) - size)).toBeLessThan(size * 0.05);
    const store = testAppStore(t.dir);
    const blob = await store.get(dated!.blob_key);
    expect(blob?.size).toBe(Number(dated!.size));
  });

  it('the purge deletes the files past their retention and marks them, once; the indefinite stay', async () => {
    const store = testAppStore(t.dir);
    const limited = await spin(forgetter);
    const kept = await spin(keeper);
    const [dated] = await backupsOf(limited);
    const [forever] = await backupsOf(kept);

    // Before the retention runs out nothing goes.
    const early = backupService({ db: t.db, store, now: () => new Date(Date.now() + 2 * DAY) });
    await early.purgeExpired();
    expect((await backupsOf(limited))[0]!.purged_at).toBeNull();

    const later = new Date(Date.now() + 4 * DAY);
    const purge = exteriorJobs({ db: t.db, store, media: createMedia(), log: () => undefined }, { now: () => later })
      .handlers[purgeMovieBackupsJob.name] as JobHandler<Record<string, never>>;
    expect(await purge({}, { id: 'daily', retryCount: 0 })).toBe('success');
    expect((await backupsOf(limited))[0]!.purged_at?.getTime()).toBe(later.getTime());
    // Each vehicle keeps its backups under its own prefix: this one's blob is gone, the other vehicle's stays.
    expect(await store.exists(dated!.blob_key)).toBe(false);
    expect(await store.exists(forever!.blob_key)).toBe(true);
    expect((await backupsOf(kept))[0]!.purged_at).toBeNull();
    // The next day there is nothing left to do.
    expect(await purge({}, { id: 'daily-2', retryCount: 0 })).toBe('skipped');
  });

  it('a blob two backups share (the same video twice on a vehicle) stays until the last of them goes', async () => {
    const store = testAppStore(t.dir);
    const [car] = (await t.make.vehicles(forgetter)) as [string];
    for (let i = 0; i < 2; i++) {
      const upload = await readyUpload(t, forgetter, car, await testVideo('landscape'));
      await contentApi(t.app, forgetter).post(`/exterior/${car}`, { upload_ids: [upload] });
    }
    const [first, second] = await backupsOf(car);
    expect(first!.blob_key).toBe(second!.blob_key);
    await t.make.update.movieBackupExpiry(second!.id, new Date(Date.now() + 30 * DAY));
    await backupService({ db: t.db, store, now: () => new Date(Date.now() + 4 * DAY) }).purgeExpired();
    expect((await backupsOf(car))[0]!.purged_at).not.toBeNull();
    expect(await store.exists(first!.blob_key)).toBe(true);
    await backupService({ db: t.db, store, now: () => new Date(Date.now() + 31 * DAY) }).purgeExpired();
    expect(await store.exists(first!.blob_key)).toBe(false);
    expect((await backupsOf(car)).every((b) => b.purged_at !== null)).toBe(true);
  });
});

describe('the backup report (master)', () => {
  it('lists every backup with its vehicle, company, domain, size, duration and retention, newest first', async () => {
    const car = await spin(forgetter, { car_name: 'Prius', maker: 'Toyota' });
    const res = await contentApi(t.app, master).get('/exterior_movie_backup/report?limit=10');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ page: 1, limit: 10 });
    expect(page.total).toBeGreaterThanOrEqual(1);
    const [newest] = page.items;
    expect(newest).toMatchObject({
      content_id: car,
      car_name: 'Prius',
      maker: 'Toyota',
      domain_id: forgetter.domainId,
      domain_host: forgetter.host,
      company_id: forgetter.companyId,
      file_name: 'lot-42.mp4',
      state: 'kept',
      purged_at: null,
    });
    expect(newest.company_name).toEqual(expect.any(String));
    expect(newest.size).toBeGreaterThan(1000);
    expect(newest.duration_seconds).toBeCloseTo(10, 0);
    expect(Date.parse(newest.expires_at) - Date.parse(newest.created_at)).toBeCloseTo(3 * DAY, -5);
    expect(page.kept_bytes).toBeGreaterThanOrEqual(newest.size);
  });

  it('narrows to a domain and to kept or purged backups, and pages', async () => {
    const api = contentApi(t.app, master);
    const ofKeeper = (await api.get(`/exterior_movie_backup/report?domain_id=${keeper.domainId}`)).json();
    expect(ofKeeper.total).toBeGreaterThanOrEqual(2);
    expect(ofKeeper.items.every((b: { domain_id: string }) => b.domain_id === keeper.domainId)).toBe(true);
    const purged = (await api.get(`/exterior_movie_backup/report?domain_id=${forgetter.domainId}&state=purged`)).json();
    expect(purged.total).toBeGreaterThanOrEqual(1);
    expect(purged.items.every((b: { state: string; purged_at: string }) => b.state === 'purged' && b.purged_at)).toBe(
      true,
    );
    expect(purged.kept_bytes).toBe(0);
    const all = (await api.get('/exterior_movie_backup/report?limit=10')).json();
    const second = (await api.get('/exterior_movie_backup/report?limit=10&page=2')).json();
    expect(second.total).toBe(all.total);
    expect(second.items.length).toBe(Math.max(0, Math.min(10, all.total - 10)));
    const bad = await api.get('/exterior_movie_backup/report?state=gone&limit=7');
    expect(bad.statusCode).toBe(422);
    expect(refusedFields(bad)).toEqual(['limit', 'state']);
  });

  it('is the master’s only: a super is refused', async () => {
    const res = await contentApi(t.app, keeper).get('/exterior_movie_backup/report');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });
});
