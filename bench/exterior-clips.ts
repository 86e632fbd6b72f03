import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ffmpegPath, runBounded } from '../apps/server/src/platform/media/ffmpeg.ts';

/**
 * Walk-around-like clips for the exterior benchmarks, made once and kept: a photo-like scene strip (broad shapes
 * and fine detail, one turn wide) scrolled past the camera at a steady speed, with camera noise, H.264 as a phone
 * writes it (high profile, veryfast, CRF 20).
 */

const log = (message: string) => process.stdout.write(`${message}\n`);

export const VIDEO_DIR = process.env.BENCH_VIDEO_DIR ?? path.join(tmpdir(), 'spinyard-bench-videos');

export interface Clip {
  name: string;
  width: number;
  height: number;
  seconds: number;
  fps: number;
  turns: number;
  /** The domain's exterior size for this clip's spin. */
  exteriorSize: 'full_hd' | '4k';
  /**
   * Whether the encoder may use B-frames (x264's default). Without them every frame is a reference frame, as many
   * phones write H.264: the pipeline then cannot skip decoding any frame, its worst case against decode-only.
   */
  bFrames?: boolean;
}

export const CLIPS: Clip[] = [
  { name: '1080p30-30s', width: 1920, height: 1080, seconds: 30, fps: 30, turns: 1.25, exteriorSize: 'full_hd' },
  { name: '4k30-60s', width: 3840, height: 2160, seconds: 60, fps: 30, turns: 1.25, exteriorSize: '4k' },
  {
    name: '1080p30-30s-no-b-frames',
    width: 1920,
    height: 1080,
    seconds: 30,
    fps: 30,
    turns: 1.25,
    exteriorSize: 'full_hd',
    bFrames: false,
  },
];

async function run(args: string[], what: string, timeoutMs = 30 * 60_000): Promise<void> {
  const r = await runBounded(ffmpegPath(), ['-hide_banner', '-v', 'error', '-y', ...args], { timeoutMs });
  if (r.code !== 0) throw new Error(`ffmpeg could not make ${what}: ${r.stderr}`);
}

/** A photo-like strip (smoothed noise with broad shapes) one turn wide, plus one view so the crop wraps. */
async function sceneStrip(clip: Clip): Promise<string> {
  const file = path.join(VIDEO_DIR, `strip-${clip.width}x${clip.height}.png`);
  if (existsSync(file)) return file;
  const turn = clip.width * 4;
  const noise = (sigma: number, blur: number, w: number, h: number) =>
    sharp({
      create: {
        width: w,
        height: h,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    })
      .blur(blur)
      .png()
      .toBuffer();
  // Broad shapes (a small noise field enlarged) with finer detail on top.
  const broad = await sharp(await noise(90, 1, Math.round(turn / 40), Math.round(clip.height / 40)))
    .resize(turn, clip.height, { kernel: 'cubic' })
    .png()
    .toBuffer();
  const fine = await noise(50, 2, turn, clip.height);
  const scene = await sharp(broad)
    .composite([{ input: fine, blend: 'overlay' }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = scene.info;
  const wrapped = await sharp({
    create: { width: width + clip.width, height, channels: 3, background: '#000' },
  })
    .composite([
      { input: scene.data, raw: { width, height, channels }, left: 0, top: 0 },
      {
        input: await sharp(scene.data, { raw: { width, height, channels } })
          .extract({ left: 0, top: 0, width: clip.width, height })
          .raw()
          .toBuffer(),
        raw: { width: clip.width, height, channels },
        left: width,
        top: 0,
      },
    ])
    .png({ compressionLevel: 1 })
    .toBuffer();
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  await sharp(wrapped).toFile(partial.replace(/\.partial$/, '.png'));
  await rename(partial.replace(/\.partial$/, '.png'), file);
  return file;
}

/** The clip: the strip scrolled by one turn every seconds/turns, with noise, H.264 as a phone writes it. */
export async function makeClip(clip: Clip): Promise<string> {
  await mkdir(VIDEO_DIR, { recursive: true });
  const file = path.join(VIDEO_DIR, `walk-${clip.name}.mp4`);
  if (existsSync(file)) return file;
  const strip = await sceneStrip(clip);
  const turn = clip.width * 4;
  const perFrame = (clip.turns * turn) / (clip.fps * clip.seconds);
  const partial = `${file}.${randomBytes(4).toString('hex')}.mp4`;
  log(`Making ${clip.name} (once; kept in ${VIDEO_DIR})`);
  await run(
    [
      ...['-i', strip, '-filter_complex'],
      `[0:v]loop=loop=-1:size=1:start=0,setpts=N/${clip.fps}/TB,` +
        `crop=${clip.width}:${clip.height}:x='mod(n*${perFrame.toFixed(4)},${turn})':y=0,noise=alls=6:allf=t,format=yuv420p[v]`,
      ...['-map', '[v]', '-t', String(clip.seconds), '-r', String(clip.fps)],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-profile:v', 'high', '-movflags', '+faststart'],
      ...(clip.bFrames === false ? ['-bf', '0'] : []),
      partial,
    ],
    clip.name,
  );
  await rename(partial, file);
  return file;
}
