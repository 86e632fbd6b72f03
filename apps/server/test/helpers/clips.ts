import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegPath, runBounded } from '../../src/platform/media/ffmpeg.ts';

/**
 * Every test clip (video, sound, a still from a test source), made by ffmpeg and never committed. One place, so a
 * test that needs a clip writes its recipe instead of another ffmpeg call. A clip is made once into a temporary
 * folder under a name that holds a hash of its recipe (a changed recipe makes a new file, later runs and other
 * worker processes reuse it), and once per process however many tests ask at once. Writing to a temporary name and
 * renaming keeps parallel test files from reading half a clip. Tests only read clips: one that changes a clip
 * copies it first.
 */

export const CLIP_DIR = path.join(tmpdir(), 'spinyard-test-videos');

export interface ClipRecipe {
  /** The file's extension, which need not match the content (a test of content sniffing names it `bin`). */
  ext: string;
  /** ffmpeg's muxer name, since the temporary file name does not end in the extension. */
  format: string;
  /** ffmpeg's arguments between its common options and the output: inputs, filters, codecs. */
  args: string[];
  /** Options of a second pass that copies the streams: ffmpeg 4.1 writes a rotation flag only when copying. */
  remux?: string[];
}

/** H.264 as the fast test encoder writes it (x264 for MP4/MOV/MKV; the 4:2:0 every player reads). */
export const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

export interface PatternOptions {
  /** Frames a second (10 unless told). */
  rate?: number;
  /** `testsrc2` (moving test pattern) unless told; a filter with options of its own (`color=c=gray`) is extended. */
  filter?: string;
}

/** A lavfi picture source of `size` ("320x180") lasting `seconds`. */
export function pattern(size: string, seconds: number, options: PatternOptions = {}): string[] {
  const { rate = 10, filter = 'testsrc2' } = options;
  return [
    '-f',
    'lavfi',
    '-i',
    `${filter}${filter.includes('=') ? ':' : '='}size=${size}:rate=${rate}:duration=${seconds}`,
  ];
}

/** A lavfi 440 Hz sine tone lasting `seconds`. */
export const sine = (seconds: number): string[] => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];

/** An H.264 MP4 of the moving test pattern, without sound: the plain clip most tests upload. */
export const mp4 = (size: string, seconds: number, rate = 10): ClipRecipe => ({
  ext: 'mp4',
  format: 'mp4',
  args: [...pattern(size, seconds, { rate }), ...X264],
});

// Test files may run in threads of one process: a process id alone would not keep their partial files apart.
const unique = () => randomBytes(6).toString('hex');

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 12);

async function ffmpeg(args: string[], what: string): Promise<void> {
  const run = await runBounded(ffmpegPath(), ['-hide_banner', '-v', 'error', '-y', ...args], { timeoutMs: 60_000 });
  if (run.code !== 0) throw new Error(`ffmpeg could not make ${what}: ${run.stderr}`);
}

async function makeClip(file: string, name: string, recipe: ClipRecipe): Promise<string> {
  if (existsSync(file)) return file;
  await mkdir(CLIP_DIR, { recursive: true });
  const partial = `${file}.${unique()}.partial`;
  await ffmpeg([...recipe.args, '-f', recipe.format, partial], `the ${name} test clip`);
  if (recipe.remux) {
    const copied = `${partial}.remux`;
    await ffmpeg(['-i', partial, '-c', 'copy', ...recipe.remux, '-f', recipe.format, copied], `the ${name} flag`);
    await rename(copied, partial);
  }
  await rename(partial, file);
  return file;
}

const making = new Map<string, Promise<string>>();

/**
 * Once per process: the path `make(file)` gives for a file named `name`-hash-of-`key`.`ext` in CLIP_DIR, made on first
 * use (a failure is forgotten, so the next test tries again and reports its own error).
 */
export function cachedFile(name: string, key: unknown, ext: string, make: (file: string) => Promise<string>) {
  const file = path.join(CLIP_DIR, `${name}-${hashOf(key)}.${ext}`);
  let made = making.get(file);
  if (!made) {
    made = make(file);
    making.set(file, made);
    made.catch(() => making.delete(file));
  }
  return made;
}

/** The path of the clip `recipe` makes; `name` only labels the file and the errors. */
export const clip = (name: string, recipe: ClipRecipe): Promise<string> =>
  cachedFile(name, recipe, recipe.ext, (file) => makeClip(file, name, recipe));

/** The bytes of the clip `recipe` makes (a copy each call, the file made once). */
export const clipBytes = async (name: string, recipe: ClipRecipe): Promise<Buffer> =>
  readFile(await clip(name, recipe));

/** Bytes that are no clip written under a clip's name (random bytes, a cut-off file), made once like a clip. */
export const writtenFile = (name: string, ext: string, key: unknown, data: () => Promise<Buffer>): Promise<string> =>
  cachedFile(name, key, ext, async (file) => {
    if (existsSync(file)) return file;
    await mkdir(CLIP_DIR, { recursive: true });
    const partial = `${file}.${unique()}.partial`;
    await writeFile(partial, await data());
    await rename(partial, file);
    return file;
  });
