import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type ContentMovieKind, contentMovieSettingsSchema } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { makeTempDir } from '../../platform/jobs/temp-space.ts';
import type { Media, MovieScene, MovieShot } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { ProcessRefused, type ProcessWork } from '../processes/runner.ts';
import { mediaRowsOf } from '../vehicle-media/rows.ts';
import { MOVIE_FORMAT, type MovieFormat } from './format.ts';
import { type MoviePlan, obvrPlan, type PlannedShot, sliderPlan, tourPlan } from './plan.ts';
import { type ContentMovieRow, type MovieFiles, moviesRepo } from './repo.ts';

export interface MovieWorkDeps {
  db: Db;
  store: BlobStore;
  media: Media;
  /** The production format unless a test asks for a smaller one. */
  format?: MovieFormat | undefined;
  /** This attempt is the job's last: a failure is final, so the movie shows it (else the retry may still make it). */
  lastAttempt?: boolean | undefined;
}

const FPS = 30;

/** A movie's files, kept while a row refers to them. */
export const movieKeys = (row: Pick<ContentMovieRow, 'file_1080_key' | 'file_720_key' | 'poster_key'>): string[] =>
  [row.file_1080_key, row.file_720_key, row.poster_key].filter((k): k is string => k !== null);

/** A movie stands as it would be made now: ready with the same inputs. */
const standing = (row: ContentMovieRow | undefined, plan: MoviePlan): row is ContentMovieRow =>
  row !== undefined && row.file_1080_key !== null && row.inputs_hash === plan.hash;

/** The three plans as they would be made now, from the vehicle's rows and the wizard's settings. */
export async function currentPlans(db: Db, contentId: string, format: MovieFormat = MOVIE_FORMAT) {
  const repo = moviesRepo(db);
  const rows = await mediaRowsOf(db, contentId);
  const saved = await repo.settings(contentId);
  const parsed = contentMovieSettingsSchema.safeParse(saved?.settings ?? {});
  const settings = parsed.success ? parsed.data : contentMovieSettingsSchema.parse({});
  const obvr = obvrPlan(rows, format);
  const tour = tourPlan(rows, settings, format, FPS);
  const movies = await repo.movies(contentId);
  const row = (kind: ContentMovieKind) => movies.find((m) => m.kind === kind);
  const reuse = { obvr: standing(row('obvr'), obvr), tour: standing(row('tour'), tour) };
  const track = settings.music_track_id === null ? undefined : await musicOf(db, contentId, settings.music_track_id);
  const slider = sliderPlan(
    rows,
    settings,
    { openingKey: saved?.opening_image_key ?? null, musicKey: track ?? null },
    { obvr, tour, reuse },
    format,
    FPS,
  );
  return { obvr, tour, slider, movies };
}

/** The music track's file, when the track is still one the vehicle's domain may use. */
async function musicOf(db: Db, contentId: string, trackId: string): Promise<string | undefined> {
  const domainId = await moviesRepo(db).domainOf(contentId);
  if (domainId === undefined) return undefined;
  return (await moviesRepo(db).usableTrack(domainId, trackId))?.file_key;
}

/** Puts a blob into a local file (a frame, an image, a movie reused). */
async function fetchBlob(store: BlobStore, key: string, file: string): Promise<void> {
  const blob = await store.get(key);
  if (!blob) throw new ProcessRefused('image_load_error', `A file the movie is made from is missing (${key}).`);
  await pipeline(blob.stream, createWriteStream(file, { mode: 0o600 }));
}

/** The plan's shots as files the renderer reads: blobs fetched once each, interior views rendered. */
async function preparedScenes(
  deps: MovieWorkDeps,
  plan: MoviePlan,
  movies: ContentMovieRow[],
  dir: string,
  run: ProcessWork,
): Promise<MovieScene[]> {
  const { width, height } = (deps.format ?? MOVIE_FORMAT).sizes[0];
  const files = new Map<string, string>();
  const local = async (key: string) => {
    let file = files.get(key);
    if (file === undefined) {
      file = path.join(dir, `in-${files.size}${path.extname(key) || '.bin'}`);
      files.set(key, file);
      await fetchBlob(deps.store, key, file);
    }
    return file;
  };
  const scenes: MovieScene[] = [];
  // 5 to 35 % while the shots are made; a panorama's views move it frame by frame (a pan with zoom points is
  // hundreds of frames and half a minute: the bar stood still at 2 % until the pan was done).
  let shown = -1;
  const within = (i: number, fraction: number) => {
    const value = Math.round(5 + (30 * (i + fraction)) / plan.scenes.length);
    if (value === shown) return;
    shown = value;
    void run.progress(value).catch(() => undefined);
  };
  for (const [i, scene] of plan.scenes.entries()) {
    const shot = await preparedShot(scene.shot, i);
    scenes.push({ shot, captions: scene.captions });
    await run.progress(5 + (30 * (i + 1)) / plan.scenes.length);
  }
  return scenes;

  async function preparedShot(shot: PlannedShot, i: number): Promise<MovieShot> {
    switch (shot.kind) {
      case 'blank':
        return shot;
      case 'still':
        return { kind: 'still', image: await local(shot.key), seconds: shot.seconds, motion: shot.motion };
      case 'turn': {
        const frames: string[] = [];
        for (const key of shot.keys) frames.push(await local(key));
        return { kind: 'turn', frames, seconds: shot.seconds };
      }
      case 'pan': {
        const folder = path.join(dir, `views-${i}`);
        await mkdir(folder);
        const count = await deps.media.renderPanoramaViews({
          panorama: await local(shot.key),
          views: shot.views,
          width,
          height,
          folder,
          signal: run.signal,
          onProgress: (fraction) => within(i, fraction),
        });
        return { kind: 'sequence', folder, count };
      }
      case 'movie': {
        const row = movies.find((m) => m.kind === shot.movie);
        if (!row?.file_1080_key) throw new Error(`The ${shot.movie} movie to reuse is gone.`);
        return { kind: 'video', file: await local(row.file_1080_key), seconds: row.duration_seconds ?? 0 };
      }
    }
  }
}

/** Where a render's files go: named by the inputs, so a retry writes over its own leftovers, never a shown movie. */
const keyOf = (contentId: string, plan: MoviePlan, name: string) =>
  `contents/${contentId}/movies/${plan.kind}-${plan.hash.slice(0, 24)}-${name}`;

/**
 * The `slider_movie`, `obvr_movie` and `tour_movie` processes. Idempotent: a movie that stands with the same inputs
 * is kept as it is; otherwise the movie is rendered in a temporary folder, its files put under keys of their own,
 * and the row switched to them in one statement, so no half-written movie is ever shown; the files it replaces are
 * deleted after. A render killed mid-way leaves the row on its last movie, and a retry starts again from the
 * beginning.
 */
export async function runMovieRender(deps: MovieWorkDeps, kind: ContentMovieKind, run: ProcessWork): Promise<void> {
  const format = deps.format ?? MOVIE_FORMAT;
  const repo = moviesRepo(deps.db);
  try {
    const plans = await currentPlans(deps.db, run.contentId, format);
    const plan = plans[kind];
    const before = plans.movies.find((m) => m.kind === kind);
    if (standing(before, plan) && (await deps.store.exists(before.file_1080_key as string))) {
      await repo.keep(run.contentId, kind);
      return;
    }
    if (plan.scenes.length === 0)
      throw new ProcessRefused('movie_nothing_to_show', `The vehicle has nothing for the ${kind} movie.`);
    await repo.markRendering(run.contentId, kind, plan.hash);
    await run.progress(2);
    const files = await rendered(deps, plan, plans.movies, run);
    await deps.db.transaction().execute(async (trx) => {
      // Locked: a delete of the movie waits, and one that came first leaves nothing to switch.
      const row = await moviesRepo(trx).lockMovie(run.contentId, kind);
      if (!row) throw new ProcessRefused('not_found', 'The movie was deleted while it was rendered.');
      await moviesRepo(trx).switchFiles(run.contentId, kind, plan.hash, files);
    });
    const kept = new Set(movieKeys(files));
    for (const key of before ? movieKeys(before) : []) if (!kept.has(key)) await deps.store.delete(key);
  } catch (error) {
    // A refusal is final; any other failure only on the last attempt, since a retry (pg-boss, the reaper) may still
    // make the movie, and the dealer must not see it failed meanwhile. Either way the dealer reads a reason of the
    // render (movie_render_failed), never internal_error: the process row keeps the detail for us.
    if (error instanceof ProcessRefused) await repo.markFailed(run.contentId, kind, error.code);
    else if (deps.lastAttempt !== false) await repo.markFailed(run.contentId, kind, 'movie_render_failed');
    throw error;
  }
}

async function rendered(deps: MovieWorkDeps, plan: MoviePlan, movies: ContentMovieRow[], run: ProcessWork) {
  const format = deps.format ?? MOVIE_FORMAT;
  const dir = await makeTempDir('spinyard-movie-');
  const scenes = await preparedScenes(deps, plan, movies, dir, run);
  const music = plan.musicKey === null ? null : path.join(dir, `music${path.extname(plan.musicKey)}`);
  if (music !== null && plan.musicKey !== null) await fetchBlob(deps.store, plan.musicKey, music);
  const [big, small] = format.sizes;
  const outputs = [
    { file: path.join(dir, 'movie-1080.mp4'), ...big },
    { file: path.join(dir, 'movie-720.mp4'), ...small },
  ];
  const work = await makeTempDir('spinyard-movie-graph-');
  const result = await deps.media.renderMovie({
    scenes,
    music,
    outputs,
    workDir: work,
    crossfadeSeconds: format.crossfadeSeconds,
    signal: run.signal,
    onProgress: (f) => void run.progress(35 + 60 * f).catch(() => undefined),
  });
  // ffmpeg's refusal of this input is the same on every try: final, with its own reason (a time-out is retried).
  if (!result.ok && result.retry) throw new Error(`The movie could not be rendered: ${result.detail}`);
  if (!result.ok) throw new ProcessRefused('movie_render_failed', `The movie could not be rendered: ${result.detail}`);
  const poster = await deps.media.posterFrame(outputs[0]?.file ?? '', Math.min(2.5, result.durationSeconds / 2));
  if (!poster) throw new Error('The movie has no picture to make its poster from.');
  const posterFile = path.join(dir, 'poster.jpg');
  await writeFile(posterFile, poster);
  const put = async (file: string, name: string, contentType: string) => {
    const key = keyOf(run.contentId, plan, name);
    await deps.store.put(key, createReadStream(file), { contentType });
    return { key, bytes: (await stat(file)).size };
  };
  const main = await put(outputs[0]?.file ?? '', '1080.mp4', 'video/mp4');
  const second = await put(outputs[1]?.file ?? '', '720.mp4', 'video/mp4');
  const still = await put(posterFile, 'poster.jpg', 'image/jpeg');
  await run.progress(98);
  return {
    file_1080_key: main.key,
    file_720_key: second.key,
    poster_key: still.key,
    width: big.width,
    height: big.height,
    bytes_1080: main.bytes,
    bytes_720: second.bytes,
    duration_seconds: Math.round(result.durationSeconds * 1000) / 1000,
  } satisfies MovieFiles;
}
