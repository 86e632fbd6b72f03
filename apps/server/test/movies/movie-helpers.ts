import { readFile } from 'node:fs/promises';
import type { ContentMoviesAnswer } from '@spinyard/domain';
import type { StoredImage } from '../../src/db/schema.ts';
import type { MovieFormat } from '../../src/modules/movies/format.ts';
import { ffmpegPath, ffprobePath, runBounded } from '../../src/platform/media/ffmpeg.ts';
import type { BlobStore } from '../../src/platform/storage/blob-store.ts';
import type { TestApp } from '../helpers/app.ts';
import { seedExterior, testAppStore } from '../helpers/exterior-seed.ts';
import { numberedFrame, panorama } from '../helpers/pictures.ts';

/** Tiny and short: each render a second or two, still every part of the real one. */
export const TINY: MovieFormat = {
  sizes: [
    { width: 192, height: 108 },
    { width: 128, height: 72 },
  ],
  openingSeconds: 1.2,
  categorySeconds: 0.8,
  turnSeconds: 1,
  panSeconds: 0.8,
  zoomInSeconds: 0.3,
  zoomHoldSeconds: 0.6,
  panDegreesPerSecond: 180,
  startHoldSeconds: 0.2,
  crossfadeSeconds: 0.3,
};

const stored = (key: string, width: number, height: number): StoredImage => ({
  width,
  height,
  master: key,
  renditions: {},
});

/** A vehicle with a spin row of 6 frames, two category images, one panorama and a library track of 3 s. */
export async function seedVehicle(t: TestApp, contentId: string) {
  const store = testAppStore(t.dir);
  await seedExterior(t, contentId, { rows: [6], width: 160, height: 120 });
  const put = async (key: string, data: Buffer) => {
    await store.put(key, data);
    return key;
  };
  const items: string[] = [];
  for (const n of [1, 2]) {
    const key = await put(`contents/${contentId}/slider/c${n}.jpg`, await numberedFrame(9, n, 320, 180, 'jpeg'));
    const row = await t.db
      .insertInto('slider_items')
      .values({
        content_id: contentId,
        item_order: n,
        kind: 'image',
        category: null,
        caption: '',
        image: JSON.stringify(stored(key, 320, 180)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    items.push(row.id);
  }
  const pano = await put(`contents/${contentId}/interior/p.jpg`, await panorama(1024, 512));
  const scene = await t.db
    .insertInto('interior_scenes')
    .values({
      content_id: contentId,
      scene_order: 1,
      title: '',
      original: JSON.stringify(stored(pano, 1024, 512)),
      initial_view: JSON.stringify({ yaw: 0, pitch: 0, zoom: 50 }),
      zoom_points: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { store, items, sceneId: scene.id };
}

/** A library track (the audio-library module's table: a row as it writes one) with a real 3 s MP3. */
export async function libraryTrack(t: TestApp, store: BlobStore, name: string): Promise<string> {
  const file = `${t.dir}/${name}.mp3`;
  const made = await runBounded(
    ffmpegPath(),
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=f=330:d=3',
      '-f',
      'lavfi',
      '-i',
      'sine=f=495:d=3',
      '-filter_complex',
      'amix=inputs=2',
      '-ac',
      '2',
      '-y',
      file,
    ],
    { timeoutMs: 30_000 },
  );
  if (made.code !== 0) throw new Error(made.stderr);
  const key = `audio-library/${name}.mp3`;
  await store.put(key, await readFile(file));
  const row = await t.db
    .insertInto('audio_tracks')
    .values({
      source: 'library',
      library_key: name,
      title: name,
      duration_seconds: 3,
      format: 'mp3',
      file_key: key,
      bytes: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface Probed {
  video: { codec_name: string; profile: string; width: number; height: number; pix_fmt: string };
  audio: { codec_name: string; sample_rate: string };
  duration: number;
}

/** What ffprobe reads of a movie file. */
export async function probe(file: string): Promise<Probed> {
  const run = await runBounded(
    ffprobePath(),
    ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file],
    { timeoutMs: 30_000 },
  );
  const json = JSON.parse(run.stdout.toString('utf8')) as {
    streams: Array<Record<string, string | number>>;
    format: { duration: string };
  };
  return {
    video: json.streams.find((s) => s.codec_type === 'video') as unknown as Probed['video'],
    audio: json.streams.find((s) => s.codec_type === 'audio') as unknown as Probed['audio'],
    duration: Number(json.format.duration),
  };
}

/** The integrated loudness (LUFS) ffmpeg's EBU R128 meter reads. */
export async function loudness(file: string): Promise<number> {
  const run = await runBounded(
    ffmpegPath(),
    ['-hide_banner', '-nostats', '-i', file, '-af', 'ebur128', '-f', 'null', '-'],
    {
      timeoutMs: 30_000,
      maxStderrBytes: 4096,
    },
  );
  // The summary's reading is the last (each frame's log line carries the running one before it).
  const match = [...run.stderr.matchAll(/I:\s+(-?[\d.]+) LUFS/g)].at(-1);
  return match ? Number(match[1]) : Number.NaN;
}

/** The top-level boxes of an MP4 in order (faststart: moov before mdat). */
export async function boxes(file: string): Promise<string[]> {
  const data = await readFile(file);
  const names: string[] = [];
  for (let at = 0; at + 8 <= data.length; ) {
    const size = data.readUInt32BE(at);
    names.push(data.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return names;
}

export const movieOf = (answer: ContentMoviesAnswer, kind: string) => answer.movies.find((m) => m.kind === kind);
