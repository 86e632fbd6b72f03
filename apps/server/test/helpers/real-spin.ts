import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { clip, writtenFile, X264 } from './clips.ts';
import { type SeededExterior, seedExterior } from './exterior-seed.ts';

/**
 * Walk-arounds made from real photographs of a turning car: the 52 spin frames of `threesixty-slider` (dual MIT/GPL,
 * read from node_modules, never committed; its frame 52 is frame 1 again, so a turn is 51 views). A clip is a list
 * of which view each video frame shows (30 fps), so the expected frame order of a spin is known exactly; effects
 * (motion blur, noise, drift, exposure) are ffmpeg filters on top. Made once, like every clip (clips.ts).
 */

export const REAL_SPIN = { views: 51, fps: 30, width: 480, height: 214 } as const;

const assets = path.join(
  path.dirname(createRequire(import.meta.url).resolve('threesixty-slider/package.json')),
  'assets',
);
/** The PNG file of view `view` (0-based, wrapping). */
export const viewFile = (view: number) => path.join(assets, `${(((view % 51) + 51) % 51) + 1}.png`);

/** How a walk goes: `views` advanced per video frame (0 rests), for `frames` video frames; fractions add up. */
export interface WalkSegment {
  frames: number;
  speed: number;
}

/** The view (0..50, wrapping) each video frame shows: a walk starting at `start`. */
export function walkViews(segments: readonly WalkSegment[], start = 0): number[] {
  const views: number[] = [];
  let at = start;
  for (const s of segments) {
    for (let f = 0; f < s.frames; f++) {
      views.push(Math.floor(at + 1e-9));
      at += s.speed;
    }
  }
  return views;
}

export interface RealSpinClip {
  name: string;
  views: number[];
  /** ffmpeg filters after the picture is made (blur, noise, drift, exposure), in order. */
  effects?: string[];
}

/** The concat list of one clip: each video frame as its view's picture for one frame's time. */
function concatList(views: readonly number[]): string {
  const lines = views.flatMap((v) => [`file '${viewFile(v)}'`, `duration ${(1 / REAL_SPIN.fps).toFixed(6)}`]);
  // The concat demuxer reads the last duration only when the last file is given again.
  return ['ffconcat version 1.0', ...lines, `file '${viewFile(views.at(-1) ?? 0)}'`, ''].join('\n');
}

/** The path of an H.264 MP4 of the walk, made on first use. */
export async function realSpinVideo(spin: RealSpinClip): Promise<string> {
  const list = await writtenFile(`${spin.name}-list`, 'txt', spin.views, async () =>
    Buffer.from(concatList(spin.views)),
  );
  const { width, height, fps } = REAL_SPIN;
  const picture = [
    `color=c=0x5a6068:s=${width}x${height}:r=${fps}[bg]`,
    `[0:v]scale=${width}:${height},format=rgba[car]`,
    `[bg][car]overlay=shortest=1:format=auto,${['format=yuv420p', ...(spin.effects ?? [])].join(',')},format=yuv420p[v]`,
  ].join(';');
  return clip(spin.name, {
    ext: 'mp4',
    format: 'mp4',
    args: [
      ...['-f', 'concat', '-safe', '0', '-i', list],
      ...['-filter_complex', picture, '-map', '[v]', '-r', String(fps), '-frames:v', String(spin.views.length)],
      ...X264,
    ],
  });
}

/** A part of the clip's picture (pixels of the 480x214 frame), as a clip's crop effect takes it. */
export interface ViewCrop {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The views as 64x29 gray thumbnails, to recover which view a stored spin frame shows (of a crop, when given). */
export async function viewThumbnails(crop?: ViewCrop): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for (let v = 0; v < REAL_SPIN.views; v++) {
    const picture = sharp(viewFile(v))
      .flatten({ background: '#5a6068' })
      .resize(REAL_SPIN.width, REAL_SPIN.height, { fit: 'fill' });
    out.push(await thumbnail(await (crop ? picture.extract(crop) : picture).png().toBuffer()));
  }
  return out;
}

export async function thumbnail(image: Buffer): Promise<Uint8Array> {
  return new Uint8Array(await sharp(image).resize(64, 29, { fit: 'fill' }).grayscale().raw().toBuffer());
}

/** The view a picture shows: the nearest of the views by mean absolute difference after removing mean and spread. */
export function nearestView(picture: Uint8Array, views: readonly Uint8Array[]): number {
  const norm = (a: Uint8Array) => {
    let m = 0;
    for (const v of a) m += v;
    m /= a.length;
    let s = 0;
    for (const v of a) s += (v - m) ** 2;
    const sd = Math.sqrt(s / a.length) || 1;
    return Array.from(a, (v) => (v - m) / sd);
  };
  const p = norm(picture);
  let best = 0;
  let bestD = Number.POSITIVE_INFINITY;
  for (const [i, view] of views.entries()) {
    const q = norm(view);
    let d = 0;
    for (let k = 0; k < p.length; k++) d += Math.abs(p[k]! - q[k]!);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/** The view (0-based, of 51) that shows the car's front: between views 43 and 44, read by eye. */
export const REAL_SPIN_FRONT = 43.5;

/** View `view` as a JPEG `width` pixels wide on the studio's white (or `background`), as a stored spin frame would be. */
export async function realSpinViewJpeg(view: number, width = 480, background = '#ffffff'): Promise<Buffer> {
  return sharp(viewFile(view)).flatten({ background }).resize({ width }).jpeg({ quality: 85 }).toBuffer();
}

/**
 * The car of view `view` at `width` pixels wide: 1 where the cut-out is opaque (the car, not its shadow); with a
 * lower `least` alpha, the shadow it casts on the floor too.
 */
export async function realSpinCar(view: number, width: number, least = 230): Promise<Uint8Array> {
  const alpha = await sharp(viewFile(view)).resize({ width }).extractChannel(3).raw().toBuffer();
  return Uint8Array.from(alpha, (a) => (a >= least ? 1 : 0));
}

/**
 * The views of an `n`-frame spin of the real car starting at view `start` and turning `direction` (1 or -1), and
 * the frame (0-based) nearest its front.
 */
export function realSpinFrames(n: number, start: number, direction: 1 | -1 = 1): { views: number[]; front: number } {
  const { views: count } = REAL_SPIN;
  const positions = Array.from(
    { length: n },
    (_, k) => (((start + (direction * k * count) / n) % count) + count) % count,
  );
  const off = (p: number) => {
    const d = Math.abs(p - REAL_SPIN_FRONT) % count;
    return Math.min(d, count - d);
  };
  let front = 0;
  for (let k = 0; k < n; k++) if (off(positions[k] ?? 0) < off(positions[front] ?? 0)) front = k;
  return { views: positions.map((p) => Math.round(p) % count), front };
}

/** A spin row of the real car: `frames` frames from view `start`, turning `direction` (1 or -1). */
export interface RealSpinRow {
  frames: number;
  start: number;
  direction?: 1 | -1;
}

/**
 * Seeds the exterior of `contentId` with rows of the real car's turn, each frame a JPEG `width` pixels wide (as
 * seedExterior stores it): the seeded rows, and each row's views and front frame (realSpinFrames) to check against.
 */
export async function seedRealSpin(
  t: Parameters<typeof seedExterior>[0],
  contentId: string,
  rows: readonly RealSpinRow[],
  width = 480,
): Promise<SeededExterior & { spins: ReturnType<typeof realSpinFrames>[] }> {
  const spins = rows.map((r) => realSpinFrames(r.frames, r.start, r.direction));
  const seeded = await seedExterior(t, contentId, {
    rows: rows.map((r) => r.frames),
    picture: (row, frame) => realSpinViewJpeg(spins[row - 1]!.views[frame]!, width),
  });
  return { ...seeded, spins };
}
