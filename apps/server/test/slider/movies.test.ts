import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { probeVideo } from '../../src/platform/media/video-probe.ts';
import { useTestApp } from '../helpers/app.ts';
import { clip, pattern, sine, X264 } from '../helpers/clips.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { testVideo } from '../helpers/videos.ts';
import { API, as, upload } from './slider-helpers.ts';

/**
 * Original content videos on real files made by ffmpeg: MP4 and MOV kept as faststart MP4 with a still, every
 * refusal with its code and nothing left behind, order, delete with its files, and the locks.
 */

const t = useTestApp();
let owner: SignedInUser;

beforeAll(async () => {
  owner = await t.make.signedIn();
});

const moviesUrl = (contentId: string) => `${API}/slider/${contentId}/movies`;
const send = async (contentId: string, video: Parameters<typeof testVideo>[0], name = 'clip.mp4') =>
  t.app.inject(upload(owner, moviesUrl(contentId), {}, { data: await readFile(await testVideo(video)), name }));
const rowsOf = (contentId: string) =>
  t.db.selectFrom('original_movies').selectAll().where('content_id', '=', contentId).execute();

describe('original content videos', () => {
  it('keeps an MP4 as a playable faststart MP4 with a still, and a MOV too', async () => {
    const [vehicle] = (await t.make.vehicles(owner)) as [string];
    const res = await send(vehicle, 'landscape', 'walkaround.mp4');
    expect(res.statusCode, res.body).toBe(201);
    const movie = res.json();
    expect(movie).toMatchObject({ file_name: 'walkaround.mp4', width: 320, height: 180, order: 0 });
    expect(movie.duration_seconds).toBeCloseTo(10, 0);
    expect(movie.url).toMatch(/^\/svnmedia\/contents\/\d+\/movies\/[0-9a-f]{64}\.mp4\?exp=\d+&sig=[\w-]{22}$/);
    const file = await t.app.inject({ method: 'GET', url: movie.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    const bytes = file.rawPayload;
    expect(movie.bytes).toBe(bytes.length);
    // faststart: the index (moov) comes before the media data (mdat).
    expect(bytes.indexOf('moov')).toBeGreaterThan(0);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    const poster = await t.app.inject({ method: 'GET', url: movie.poster.renditions.thumbnail.jpeg });
    expect(poster.statusCode).toBe(200);
    expect(movie.poster.width).toBe(320);

    const mov = await send(vehicle, 'rotatedLandscape', 'phone.mov');
    expect(mov.statusCode, mov.body).toBe(201);
    expect(mov.json()).toMatchObject({ order: 1, width: 320, height: 180 });
    expect(mov.json().url).toMatch(/\.mp4\?exp=\d+&sig=[\w-]{22}$/);
    // The still is the picture as shown (turned by the flag), landscape.
    expect(mov.json().poster.width).toBeGreaterThan(mov.json().poster.height);
  });

  it('keeps a camera MOV with PCM sound (which MP4 cannot carry) as MP4 with AAC sound, the picture copied', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-slider-mov-'));
    try {
      const mov = await clip('camera-pcm', {
        ext: 'mov',
        format: 'mov',
        args: [...pattern('320x180', 3), ...sine(3), ...X264, '-c:a', 'pcm_s16le'],
      });
      const [vehicle] = (await t.make.vehicles(owner)) as [string];
      const res = await t.app.inject(
        upload(owner, moviesUrl(vehicle), {}, { data: await readFile(mov), name: 'camera.mov' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const stored = path.join(dir, 'stored.mp4');
      await writeFile(stored, (await t.app.inject({ method: 'GET', url: res.json().url })).rawPayload);
      const probe = await probeVideo(stored);
      expect(probe.ok && probe.video.codec).toBe('h264');
      expect(probe.ok && probe.video.hasAudio).toBe(true);
      expect(probe.ok && probe.video.container).toContain('mp4');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses each bad file with its own code and keeps nothing', async () => {
    const [vehicle] = (await t.make.vehicles(owner)) as [string];
    const cases: [Parameters<typeof testVideo>[0], number, string][] = [
      ['randomBytes', 415, 'video_invalid_file'],
      ['truncated', 415, 'video_invalid_file'],
      ['matroska', 415, 'unsupported_video_format'],
      ['avi', 415, 'unsupported_video_format'],
      ['hourLong', 422, 'video_out_of_bounds'],
      ['hugeResolution', 422, 'video_out_of_bounds'],
    ];
    for (const [video, status, code] of cases) {
      const res = await send(vehicle, video);
      expect(res.statusCode, video).toBe(status);
      expect(res.json().error.code, video).toBe(code);
    }
    const picture = await t.app.inject(
      upload(owner, moviesUrl(vehicle), {}, { data: Buffer.from('\x89PNG\r\n\x1a\nnot really'), name: 'x.mp4' }),
    );
    expect(picture.statusCode).toBe(415);
    expect(await rowsOf(vehicle)).toEqual([]);
    const list = await t.app.inject(as(owner, { method: 'GET', url: moviesUrl(vehicle) }));
    expect(list.json()).toMatchObject({ items: [], max_bytes: 256 * 1024 * 1024 });
  });

  it('reorders and deletes, removing the files of the deleted video only', async () => {
    const [vehicle] = (await t.make.vehicles(owner)) as [string];
    const a = (await send(vehicle, 'landscape')).json();
    // A different picture: a still of its own (the same frame of two videos would share its files).
    const b = (await send(vehicle, 'fourThree')).json();
    const order = await t.app.inject(
      as(owner, { method: 'POST', url: `${moviesUrl(vehicle)}/order`, payload: { ids: [b.id, a.id] } }),
    );
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().items.map((m: { id: string }) => m.id)).toEqual([b.id, a.id]);
    const bad = await t.app.inject(
      as(owner, { method: 'POST', url: `${moviesUrl(vehicle)}/order`, payload: { ids: [b.id] } }),
    );
    expect(bad.statusCode).toBe(422);

    const removed = await t.app.inject(as(owner, { method: 'DELETE', url: `${moviesUrl(vehicle)}/${b.id}` }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().items.map((m: { id: string }) => m.id)).toEqual([a.id]);
    expect((await t.app.inject({ method: 'GET', url: b.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: b.poster.renditions.display.webp })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: a.url })).statusCode).toBe(200);
    expect((await t.app.inject(as(owner, { method: 'DELETE', url: `${moviesUrl(vehicle)}/${b.id}` }))).statusCode).toBe(
      404,
    );
  });

  it('blur locks the upload only; slider_movie locks upload, delete and reorder', async () => {
    const [plain] = (await t.make.vehicles(owner)) as [string];
    const movie = (await send(plain, 'landscape')).json();
    await t.make.update.processesOf(owner.id, 'succeeded');
    const [blurring] = (await t.make.vehicles(owner, { process: 'running', processName: 'blur' })) as [string];
    await t.make.update.originalMovieVehicle(movie.id, blurring);
    const up = await send(blurring, 'landscape');
    expect(up.statusCode).toBe(409);
    expect(up.json().error).toMatchObject({ code: 'content_locked', params: { process: 'blur' } });
    const reorder = await t.app.inject(
      as(owner, { method: 'POST', url: `${moviesUrl(blurring)}/order`, payload: { ids: [movie.id] } }),
    );
    expect(reorder.statusCode).toBe(200);

    await t.make.update.processesOf(owner.id, 'succeeded');
    const [making] = (await t.make.vehicles(owner, { process: 'running', processName: 'slider_movie' })) as [string];
    await t.make.update.originalMovieVehicle(movie.id, making);
    for (const request of [
      as(owner, { method: 'DELETE', url: `${moviesUrl(making)}/${movie.id}` }),
      as(owner, { method: 'POST', url: `${moviesUrl(making)}/order`, payload: { ids: [movie.id] } }),
    ]) {
      const res = await t.app.inject(request);
      expect(res.statusCode, String(request.url)).toBe(409);
      expect(res.json().error.params.process).toBe('slider_movie');
    }
    expect((await rowsOf(making)).length).toBe(1);
  });
});
