import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegPath, runBounded } from '../../src/platform/media/ffmpeg.ts';

/**
 * Small test videos made with ffmpeg's test sources, never committed. Each is made once into a temporary folder
 * named by its recipe (so a changed recipe makes a new file, and later runs reuse it); writing to a temporary
 * name and renaming keeps parallel test files from reading half a video.
 */

const DIR = path.join(tmpdir(), 'spinyard-test-videos');

// ffmpeg 4.1's encoders: x264 for MP4/MOV/MKV, MPEG-4 part 2 for AVI, WMV2 for ASF, MPEG-1 for a program stream.
const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

interface Recipe {
  ext: string;
  /** ffmpeg's muxer name, since the temporary file name does not end in the extension. */
  format: string;
  args: string[];
  /** Options of a second pass that copies the streams: ffmpeg 4.1 writes a rotation flag only when copying. */
  remux?: string[];
}

/** A lavfi source: `testsrc2` (moving test pattern) or a filter with options of its own (`color=c=gray`). */
const source = (size: string, seconds: number, rate = 10, filter = 'testsrc2') => [
  '-f',
  'lavfi',
  '-i',
  `${filter}${filter.includes('=') ? ':' : '='}size=${size}:rate=${rate}:duration=${seconds}`,
];
const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];

const RECIPES = {
  /** 320x180, 10 s, H.264 with AAC sound: the video every rule accepts. */
  landscape: { ext: 'mp4', format: 'mp4', args: [...source('320x180', 10), ...tone(10), ...X264, '-c:a', 'aac'] },
  portrait: { ext: 'mp4', format: 'mp4', args: [...source('180x320', 10), ...X264] },
  /** Landscape pixels turned 90 degrees by the flag, as phones store portrait: shown 180x320. */
  rotatedPortrait: {
    ext: 'mp4',
    format: 'mp4',
    args: [...source('320x180', 10), ...X264],
    remux: ['-metadata:s:v:0', 'rotate=90'],
  },
  /** Portrait pixels turned 90 degrees: shown 320x180, so landscape after all. */
  rotatedLandscape: {
    ext: 'mov',
    format: 'mov',
    args: [...source('180x320', 10), ...X264],
    remux: ['-metadata:s:v:0', 'rotate=270'],
  },
  short: { ext: 'mp4', format: 'mp4', args: [...source('320x180', 3), ...X264] },
  /** 4:3 where the others are 16:9. */
  fourThree: { ext: 'mp4', format: 'mp4', args: [...source('240x180', 10), ...X264] },
  avi: { ext: 'avi', format: 'avi', args: [...source('320x180', 10), '-c:v', 'mpeg4'] },
  wmv: { ext: 'wmv', format: 'asf', args: [...source('320x180', 10), '-c:v', 'wmv2'] },
  mpeg: { ext: 'mpeg', format: 'mpeg', args: [...source('320x180', 10, 25), '-c:v', 'mpeg1video'] },
  /** A format ffprobe reads but the exterior does not take. */
  matroska: { ext: 'mkv', format: 'matroska', args: [...source('320x180', 10), ...X264] },
  /** Decompression bomb: one flat 8K frame, a few kilobytes claiming 33 megapixels per frame. */
  hugeResolution: {
    ext: 'mp4',
    format: 'mp4',
    args: [...source('7680x4320', 1, 1, 'color=c=gray'), ...X264],
  },
  /** Decompression bomb: an hour of a tiny flat picture, a few kilobytes claiming 3600 s to decode. */
  hourLong: { ext: 'mp4', format: 'mp4', args: [...source('64x36', 3600, 1, 'color=c=gray'), ...X264] },
  /** 240 frames a second (slow motion). */
  tooFast: { ext: 'mp4', format: 'mp4', args: [...source('320x180', 2, 240), ...X264] },
} satisfies Record<string, Recipe>;

export type TestVideo = keyof typeof RECIPES | 'randomBytes' | 'truncated';

// Test files may run in threads of one process: a process id alone would not keep their partial files apart.
const unique = () => randomBytes(6).toString('hex');

/** Writes beside the final name, then renames: a reader sees the whole file or none. */
async function writeWhole(file: string, data: Buffer): Promise<void> {
  const partial = `${file}.${unique()}.partial`;
  await writeFile(partial, data);
  await rename(partial, file);
}

async function made(name: string, recipe: Recipe): Promise<string> {
  const key = createHash('sha256').update(JSON.stringify(recipe)).digest('hex').slice(0, 12);
  const file = path.join(DIR, `${name}-${key}.${recipe.ext}`);
  if (existsSync(file)) return file;
  await mkdir(DIR, { recursive: true });
  const partial = `${file}.${unique()}.partial`;
  const run = await runBounded(
    ffmpegPath(),
    ['-hide_banner', '-v', 'error', '-y', ...recipe.args, '-f', recipe.format, partial],
    { timeoutMs: 60_000 },
  );
  if (run.code !== 0) throw new Error(`ffmpeg could not make the ${name} test video: ${run.stderr}`);
  if (recipe.remux) {
    const copied = `${partial}.remux`;
    const args = ['-hide_banner', '-v', 'error', '-y', '-i', partial, '-c', 'copy', ...recipe.remux];
    const again = await runBounded(ffmpegPath(), [...args, '-f', recipe.format, copied], { timeoutMs: 60_000 });
    if (again.code !== 0) throw new Error(`ffmpeg could not flag the ${name} test video: ${again.stderr}`);
    await rename(copied, partial);
  }
  await rename(partial, file);
  return file;
}

const making = new Map<TestVideo, Promise<string>>();

/** The path of a test video, made on first use (once per process, however many tests ask at once). */
export function testVideo(name: TestVideo): Promise<string> {
  let file = making.get(name);
  if (!file) {
    file = makeTestVideo(name);
    making.set(name, file);
    file.catch(() => making.delete(name));
  }
  return file;
}

async function makeTestVideo(name: TestVideo): Promise<string> {
  if (name === 'randomBytes') {
    // Random bytes under a video's name: no container at all.
    const file = path.join(DIR, 'random-bytes.mp4');
    if (!existsSync(file)) {
      await mkdir(DIR, { recursive: true });
      await writeWhole(file, randomBytes(64 * 1024));
    }
    return file;
  }
  if (name === 'truncated') {
    // The first 4 kB of a good MP4: the header is there, the index (written at the end) is not.
    const whole = await testVideo('landscape');
    const file = path.join(DIR, `truncated-${path.basename(whole)}`);
    if (!existsSync(file)) {
      await writeWhole(file, (await readFile(whole)).subarray(0, 4096));
    }
    return file;
  }
  return made(name, RECIPES[name]);
}
