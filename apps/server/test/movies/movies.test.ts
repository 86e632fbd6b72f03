import path from 'node:path';
import type { ContentMoviesAnswer } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOVIE_JOBS, moviesJobs } from '../../src/modules/movies/jobs.ts';
import type { ProcessJobPayload } from '../../src/modules/processes/runner.ts';
import type { JobHandler } from '../../src/platform/jobs/queue-registry.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import type { Media } from '../../src/platform/media/media.ts';
import { useTestApp } from '../helpers/app.ts';
import { testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { recordingJobs } from '../helpers/recording-jobs.ts';
import { boxes, libraryTrack, loudness, movieOf, probe, seedVehicle, TINY } from './movie-helpers.ts';

/**
 * The content videos' renders as a worker runs them (a recording runner stands in for pg-boss; the test delivers
 * each job at a tiny format): the settings' refusals, each kind a playable faststart MP4, the promo's loudness,
 * idempotence, the lock rules while a render waits, and a killed render leaving the last movie as it was.
 */

const { enqueued, runner } = recordingJobs();
const t = useTestApp({ jobs: runner });
const API = '/api/browser/v0';
let owner: SignedInUser;
let car: string;
let seed: Awaited<ReturnType<typeof seedVehicle>>;
let track: string;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers: { authorization: `Bearer ${owner.contentToken}` }, payload });

const handlersWith = (media: Media) =>
  moviesJobs({ db: t.db, store: testAppStore(t.dir), media, log: () => undefined }, TINY).handlers as Record<
    string,
    JobHandler<ProcessJobPayload>
  >;

/** Starts a render by the API and delivers its job: the answer after. */
async function render(kind: 'slider' | 'obvr' | 'tour', media: Media = createMedia()): Promise<ContentMoviesAnswer> {
  const res = await call('POST', `/contents_movie/${car}/${kind}`);
  expect(res.statusCode, res.body).toBe(202);
  expect(movieOf(res.json(), kind)?.status).toBe('rendering');
  const job = enqueued.at(-1);
  expect(job?.name).toBe(MOVIE_JOBS[kind].name);
  await handlersWith(media)[MOVIE_JOBS[kind].name]?.(job!.payload, { id: 'd', retryCount: 2 });
  return (await call('GET', `/contents_movie/${car}`)).json();
}

const fileOf = async (kind: string) => {
  const row = await t.db
    .selectFrom('content_movies')
    .selectAll()
    .where('content_id', '=', car)
    .where('kind', '=', kind as never)
    .executeTakeFirstOrThrow();
  return { row, file: path.join(t.dir, 'media', row.file_1080_key ?? '') };
};

beforeAll(async () => {
  const tenant = await t.make.tenant();
  owner = await t.make.signedIn({ tenant, privilege_type: 'super' });
  [car] = (await t.make.vehicles(owner)) as [string];
  seed = await seedVehicle(t, car);
  track = await libraryTrack(t, seed.store, 'test-track');
});

describe('content-video settings', () => {
  it.each([
    ['exterior_text', { exterior_text: 'a'.repeat(67) }, 'max_width'],
    ['opening.title', { opening: { title: 'a\nb\nc\nd\ne\nf' } }, 'max_lines'],
    ['opening.subtitle', { opening: { subtitle: 'a\nb\nc\nd\ne' } }, 'max_lines'],
    [
      'category_images',
      { category_images: ['1', '2', '3', '4', '5', '6'].map((item_id) => ({ item_id })) },
      'max_items',
    ],
  ])('refuses %s with 422 naming the rule', async (field, body, rule) => {
    const res = await call('POST', `/contents_movie/${car}/settings`, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.fields).toContainEqual(expect.objectContaining({ field, rule }));
  });

  it('counts a full-width character as 1 and a half-width one as 0.5 (33 at most)', async () => {
    const ok = await call('POST', `/contents_movie/${car}/settings`, { exterior_text: 'あ'.repeat(33) });
    expect(ok.statusCode, ok.body).toBe(200);
    const over = await call('POST', `/contents_movie/${car}/settings`, { exterior_text: `${'あ'.repeat(33)}a` });
    expect(over.json().error.fields).toContainEqual(
      expect.objectContaining({ field: 'exterior_text', rule: 'max_width' }),
    );
  });

  it("refuses a 21st zoom point, and ids that are not the vehicle's or the domain's", async () => {
    const points = Array.from({ length: 21 }, () => ({ yaw: 0, pitch: 0 }));
    const zoom = await call('POST', `/contents_movie/${car}/settings`, {
      scenes: [{ scene_id: seed.sceneId, start: { yaw: 0, pitch: 0 }, zoom_points: points }],
    });
    expect(zoom.json().error.fields).toContainEqual(
      expect.objectContaining({ field: 'scenes.0.zoom_points', rule: 'max_items' }),
    );
    const foreign = await call('POST', `/contents_movie/${car}/settings`, { category_images: [{ item_id: '999999' }] });
    expect(foreign.json().error.fields).toContainEqual(
      expect.objectContaining({ field: 'category_images.0.item_id', rule: 'one_of' }),
    );
    const music = await call('POST', `/contents_movie/${car}/settings`, { music_track_id: '999999' });
    expect(music.json().error.fields).toContainEqual(
      expect.objectContaining({ field: 'music_track_id', rule: 'one_of' }),
    );
  });
});

describe('content-video renders', () => {
  it('renders the spin and the interior pan as playable faststart MP4s at both sizes', async () => {
    const saved = await call('POST', `/contents_movie/${car}/settings`, {
      scenes: [
        {
          scene_id: seed.sceneId,
          start: { yaw: 30, pitch: 0 },
          zoom_points: [{ yaw: 120, pitch: 10, text: "メーター%{pts}: \\ 'x'" }],
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const kind of ['obvr', 'tour'] as const) {
      const movie = movieOf(await render(kind), kind);
      expect(movie, kind).toMatchObject({ status: 'ready', progress: 100, error: null });
      expect(movie?.files.map((f) => [f.width, f.height])).toEqual([
        [192, 108],
        [128, 72],
      ]);
      const { file } = await fileOf(kind);
      const probed = await probe(file);
      expect(probed.video).toMatchObject({
        codec_name: 'h264',
        profile: 'High',
        pix_fmt: 'yuv420p',
        width: 192,
        height: 108,
      });
      expect(probed.audio).toMatchObject({ codec_name: 'aac', sample_rate: '48000' });
      expect((await boxes(file)).join(' ')).toMatch(/moov.*mdat/);
    }
    // One turn of the spin's one row.
    expect((await probe((await fileOf('obvr')).file)).duration).toBeCloseTo(TINY.turnSeconds, 0);
  });

  it("moves the tour's progress while the panorama's views are made, not only once the pan is done", async () => {
    const changed = await call('POST', `/contents_movie/${car}/settings`, {
      scenes: [{ scene_id: seed.sceneId, start: { yaw: 40, pitch: 0 }, zoom_points: [] }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const real = createMedia();
    const progressNow = async () =>
      (
        await t.db
          .selectFrom('content_processes')
          .select('progress')
          .where('content_id', '=', car)
          .where('process', '=', 'tour_movie')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).progress;
    const watching: Media = {
      ...real,
      // Before the pan is answered, the bar has already moved past the render's start (2 %).
      renderPanoramaViews: async (request) => {
        const count = await real.renderPanoramaViews(request);
        await expect.poll(progressNow).toBeGreaterThan(5);
        return count;
      },
    };
    expect(movieOf(await render('tour', watching), 'tour')).toMatchObject({ status: 'ready' });
  });

  it("renders the promo with Japanese texts holding %{, :, \\ and ' and the music at about -16 LUFS", async () => {
    const saved = await call('POST', `/contents_movie/${car}/settings`, {
      opening: { title: "新車入荷%{localtime}\nC:\\path 'quoted'", subtitle: '走行距離 1.2万km' },
      music_track_id: track,
      category_images: seed.items.map((item_id, i) => ({ item_id, text: i === 0 ? '内装: 50%{e:1}' : '' })),
      exterior_text: '外装',
      interior_text: "内装'",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The wizard names the chosen track by its title when it opens again.
    expect((await call('GET', `/contents_movie/${car}`)).json().music).toEqual({
      id: track,
      title: expect.any(String),
    });
    const movie = movieOf(await render('slider'), 'slider');
    expect(movie).toMatchObject({ status: 'ready', stale: expect.any(Boolean) });
    const { file } = await fileOf('slider');
    const probed = await probe(file);
    expect(probed.video).toMatchObject({ codec_name: 'h264', profile: 'High', width: 192, height: 108 });
    // Opening, two category images, the reused spin and interior pan, less the four cross-fades.
    const least = TINY.openingSeconds + 2 * TINY.categorySeconds + TINY.turnSeconds - 4 * TINY.crossfadeSeconds;
    expect(probed.duration).toBeGreaterThan(least);
    // The vehicle's contents movie URL: a link of its own that sends to the promo's main file, signed when opened
    // (a signed file URL handed out lasted 40 minutes at most); a name not ours is not found.
    const link = (await call('GET', `/contents/${car}`)).json().urls.contents_movie_url as string;
    expect(link).toMatch(new RegExp(`^/contents-movie/${car}-[0-9a-f]{32}$`));
    const opened = await t.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(302);
    const pathOf = (url: string | undefined) => url?.split('?')[0];
    expect(pathOf(opened.headers.location as string)).toBe(pathOf(movie?.files[0]?.url));
    expect((await t.app.inject({ method: 'GET', url: opened.headers.location as string })).statusCode).toBe(200);
    const forged = link.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/contents-movie/${car}` })).statusCode).toBe(404);
    // A vehicle put in the trash: its link stops at once, and works again once restored.
    const { publication } = await t.db
      .selectFrom('contents')
      .select('publication')
      .where('id', '=', car)
      .executeTakeFirstOrThrow();
    const setPublication = (to: typeof publication) =>
      t.db.updateTable('contents').set({ publication: to }).where('id', '=', car).execute();
    await setPublication('deleted');
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    await setPublication(publication);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(302);
    const lufs = await loudness(file);
    expect(lufs).toBeGreaterThan(-19);
    expect(lufs).toBeLessThan(-13);
  });

  it('keeps the movie when rendered again with the same inputs', async () => {
    const before = await fileOf('slider');
    await render('slider');
    const after = await fileOf('slider');
    expect(after.row).toMatchObject({
      file_1080_key: before.row.file_1080_key,
      poster_key: before.row.poster_key,
      status: 'ready',
    });
    expect(after.row.rendered_at).toEqual(before.row.rendered_at);
  });

  it('a render killed mid-way leaves the last movie as it was, and no new file in use', async () => {
    await call('POST', `/contents_movie/${car}/settings`, { exterior_text: '変更' });
    const before = await fileOf('slider');
    const real = createMedia();
    const killing: Media = {
      ...real,
      // The render's ffmpeg is stopped as soon as it reports progress: a worker dying mid-render. A tiny render can
      // end before the stop lands (or before its first report): then it dies at the very end instead, its output
      // written but never answered.
      renderMovie: async (request) => {
        const stop = new AbortController();
        const result = await real.renderMovie({ ...request, signal: stop.signal, onProgress: () => stop.abort() });
        return result.ok ? { ok: false, detail: 'killed after its last frame' } : result;
      },
    };
    const answer = await render('slider', killing);
    expect(movieOf(answer, 'slider')).toMatchObject({ status: 'failed', files: [] });
    const after = await fileOf('slider');
    expect(after.row.file_1080_key).toBe(before.row.file_1080_key);
    expect((await probe(after.file)).video.codec_name).toBe('h264');
  });
});

describe('content-video lock rules', () => {
  it('a waiting slider_movie refuses an exterior upload, the vehicle delete and its own second start', async () => {
    const started = await call('POST', `/contents_movie/${car}/slider`);
    expect(started.statusCode, started.body).toBe(202);
    const upload = await call('POST', `/exterior/${car}`, { upload_ids: ['0'.repeat(32)] });
    expect(upload.json().error).toMatchObject({ code: 'content_locked', params: { process: 'slider_movie' } });
    const remove = await call('DELETE', `/contents/${car}`);
    expect(remove.json().error).toMatchObject({ code: 'content_locked' });
    const again = await call('POST', `/contents_movie/${car}/slider`);
    expect(again.json().error).toMatchObject({ code: 'content_locked', params: { process: 'slider_movie' } });
    const deleteMovie = await call('DELETE', `/contents_movie/${car}/slider`);
    expect(deleteMovie.json().error).toMatchObject({ code: 'content_locked' });
    // The spin's and the interior's own movies are not the promo's to lock.
    const tour = await call('POST', `/contents_movie/${car}/tour`);
    expect(tour.statusCode, tour.body).toBe(202);
  });
});
