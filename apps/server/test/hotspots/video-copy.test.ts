import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { publishedManifest } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotspotsRepo } from '../../src/modules/hotspots/repo.ts';
import {
  type HotspotVideoPayload,
  hotspotJobs,
  hotspotVideoJob,
  makePlayableCopy,
} from '../../src/modules/hotspots/video-job.ts';
import type { JobHandler } from '../../src/platform/jobs/queue-registry.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior, testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { testVideo } from '../helpers/videos.ts';
import { buildContents, manifestOf } from '../publishing/publishing-helpers.ts';
import { API, as, exteriorBody, fileRequest } from './fixtures.ts';

/**
 * A hotspot video no browser plays as uploaded (WMV, AVI) is kept, and an H.264 MP4 is made of it off the request
 * (the hotspots.video-mp4 job; a test app has no runner, so the upload makes it right after its commit). The
 * console previews the copy, the manifest publishes it, a replaced video takes its copy with it.
 */

const t = useTestApp();
const media = createMedia();
let owner: SignedInUser;
let car: string;
let hotspot: string;

beforeAll(async () => {
  const tenant = await t.make.tenant();
  owner = await t.make.signedIn({ tenant, privilege_type: 'super' });
  // A vehicle that can be published: real frames (the area's fixture vehicle has a stand-in scene without files).
  [car = ''] = await t.make.vehicles(owner);
  const seeded = await seedExterior(t, car, { rows: [8], width: 64, height: 36 });
  const res = await as(t, owner, {
    method: 'POST',
    url: `${API}/exterior/${car}/hotspots`,
    payload: exteriorBody(seeded.rows[0]?.id ?? '', { type: 'video' }),
  });
  expect(res.statusCode, res.body).toBe(201);
  hotspot = res.json().id;
});

const upload = async (name: 'wmv' | 'avi' | 'landscape', file: string) => {
  const res = await as(t, owner, fileRequest(car, hotspot, 'video', await readFile(await testVideo(name)), file));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().movie as { url: string; format: string; conversion: string; playable_url: string | null };
};
const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

/** The codec of a served video, read back through the Media adapter from the store. */
async function codecOf(url: string): Promise<string | undefined> {
  const key = url.replace(/^\/svnmedia\//, '').split('?')[0] ?? '';
  // The disk store keeps a key as a file under media/ (helpers/exterior-seed.ts: testAppStore).
  const probe = await media.probeVideo(path.join(t.dir, 'media', key));
  return probe.ok ? `${probe.video.container}/${probe.video.codec}` : undefined;
}

describe('browser copies of hotspot videos', () => {
  it.each([
    ['wmv', 'clip.wmv'],
    ['avi', 'clip.avi'],
  ] as const)('makes an H.264 MP4 of a %s, keeping the upload, and publishes the copy', async (name, file) => {
    const movie = await upload(name, file);
    expect(movie.format).toBe(name);
    expect(movie.conversion).toBe('ready');
    expect(movie.playable_url).toMatch(
      new RegExp(`^/svnmedia/contents/${car}/hotspots/[0-9a-f]{64}\\.mp4\\?exp=\\d+&sig=[\\w-]{22}$`),
    );
    expect(await status(movie.url)).toBe(200);
    expect(await status(movie.playable_url ?? '')).toBe(200);
    expect(await codecOf(movie.playable_url ?? '')).toBe('mov,mp4,m4a,3gp,3g2,mj2/h264');

    const built = await buildContents(t.app, owner, car);
    expect(built.statusCode, built.body).toBe(200);
    const manifest = publishedManifest.parse((await manifestOf(t.app, built.json().short_id)).json());
    const published = manifest.exterior?.rows[0]?.hotspots.find((h) => h.id === hotspot)?.video;
    expect(published).toMatchObject({ format: 'mp4', width: 320, height: 180 });
    expect(published?.url).toMatch(/\/published\/k\/[0-9a-f]{64}\.mp4$/);
  });

  it('needs no copy of an H.264 MP4; a replaced video takes its copy with it', async () => {
    const before = await upload('wmv', 'clip.wmv');
    const mp4 = await upload('landscape', 'clip.mp4');
    expect(mp4).toMatchObject({ format: 'mp4', conversion: 'none', playable_url: mp4.url });
    expect(await status(before.url)).toBe(404);
    expect(await status(before.playable_url ?? '')).toBe(404);
  });

  it('leaves a video alone that was replaced while its copy was made, and offers a failed one for download', async () => {
    const wmv = await upload('wmv', 'clip.wmv');
    const row = await hotspotsRepo(t.db).get(car, hotspot);
    const video = row?.files.video;
    if (!row || !video) throw new Error('no video');
    const key = video.key;
    // As the job finds it when the upload before it is still pending.
    await hotspotsRepo(t.db).update(car, hotspot, {
      files: JSON.stringify({ ...row.files, video: { ...video, playable: { state: 'pending' } } }),
    });
    const deps = { db: t.db, store: testAppStore(t.dir), media };
    expect(await makePlayableCopy(deps, { contentId: car, hotspotId: hotspot, key: 'contents/x/other.wmv' })).toBe(
      'skipped',
    );
    await hotspotsRepo(t.db).update(car, hotspot, {
      files: JSON.stringify({ ...row.files, video: { ...video, playable: { state: 'failed' } } }),
    });
    const listed = await as(t, owner, { method: 'GET', url: `${API}/exterior/${car}/hotspots` });
    const failed = listed.json().items.find((h: { id: string }) => h.id === hotspot).movie;
    expect(failed).toMatchObject({ conversion: 'failed', playable_url: null, url: wmv.url });
    // A retry of the job once the state is no longer pending does nothing.
    expect(await makePlayableCopy(deps, { contentId: car, hotspotId: hotspot, key })).toBe('skipped');

    const built = await buildContents(t.app, owner, car);
    const manifest = publishedManifest.parse((await manifestOf(t.app, built.json().short_id)).json());
    expect(manifest.exterior?.rows[0]?.hotspots.find((h) => h.id === hotspot)?.video?.format).toBe('wmv');
  });

  it('retries a copy the store could not feed, and after the last attempt offers the video for download', async () => {
    await upload('wmv', 'clip.wmv');
    const row = await hotspotsRepo(t.db).get(car, hotspot);
    const video = row?.files.video;
    if (!row || !video) throw new Error('no video');
    await hotspotsRepo(t.db).update(car, hotspot, {
      files: JSON.stringify({ ...row.files, video: { ...video, playable: { state: 'pending' } } }),
    });
    // A store that fails to read (a network store down): the fault is injected, the rest is real.
    const real = testAppStore(t.dir);
    const broken = { ...real, get: async () => Promise.reject(new Error('store unavailable')) };
    const logged: string[] = [];
    const jobs = hotspotJobs({ db: t.db, store: broken, media, log: (m) => logged.push(m) });
    const handler = jobs.handlers[hotspotVideoJob.name] as JobHandler<HotspotVideoPayload>;
    const payload = { contentId: car, hotspotId: hotspot, key: video.key };
    await expect(handler(payload, { id: 'a', retryCount: 0 })).rejects.toThrow('store unavailable');
    expect((await hotspotsRepo(t.db).get(car, hotspot))?.files.video?.playable).toEqual({ state: 'pending' });
    expect(await handler(payload, { id: 'a', retryCount: hotspotVideoJob.retryLimit })).toBe('success');
    expect((await hotspotsRepo(t.db).get(car, hotspot))?.files.video?.playable).toEqual({ state: 'failed' });
    expect(logged).toEqual(['Hotspot video copy given up']);
  });
});
