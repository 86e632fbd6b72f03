import { lerp, setTrackKey, trackProblems, trackSpan, trackValueAt } from '../keyframes/track.ts';

/**
 * The blur editor's regions (issue 9, "blur and replace-image editor"): a licence plate, a face or a sign drawn on
 * a few frames of a spin row and carried to the frames between by interpolation, so one plate is blurred on all 36
 * frames with a few clicks.
 *
 * Pure geometry, shared by the server (which renders what it computes here) and the console (which draws the same
 * boxes on the frames and their neighbours). Readings (docs/decisions.md, "Media: blur regions"):
 * - Coordinates are fractions of the frame (0..1; `x`, `y` the top-left corner, `w`, `h` the size), so one region
 *   fits every rendition of a frame (thumbnail, display, zoom) and the preview at display size shows what the
 *   full-size render does.
 * - A region has key frames, each a frame index with a box. Its key frames are kept in the region's own order
 *   ALONG THE SPIN, which is a circle: from its first key frame forward (index + 1, wrapping after the last frame
 *   of the row to frame 0) through each following key frame. So a front plate drawn on frame 33 and frame 3 of
 *   36 covers 33, 34, 35, 0, 1, 2, 3, not 3..33. The keys may not lap the circle (their forward gaps add up to
 *   less than the frame count).
 * - A region is present from its first to its last key frame along that order, the box interpolated linearly
 *   (x, y, w, h each) between neighbouring key frames. Outside that arc it is absent, unless the region is marked
 *   `all_frames`: then it is present on every frame, and the stretch from its last key frame round to its first
 *   is interpolated too (the interpolation wraps, closing the circle). A region with one key frame is on that
 *   frame only, or, marked `all_frames`, on every frame with the same box.
 * - Adding a key frame outside the arc extends the arc at the nearer end (forward from the last key or backward
 *   from the first; forward on a tie), which is what "draw on frame 0, go to frame 18 and adjust" means.
 */

/** A box as fractions of the frame: `x`, `y` its top-left corner, `w`, `h` its size. */
export interface BlurBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const BLUR_SHAPES = ['rect', 'ellipse'] as const;
export type BlurShape = (typeof BLUR_SHAPES)[number];

export interface BlurKeyFrame {
  /** 0-based index of the frame in its row. */
  frame: number;
  box: BlurBox;
}

export interface BlurRegion {
  /** The editor's name for the region (letters, digits, `-`, `_`); unique within a row's settings. */
  id: string;
  shape: BlurShape;
  /** Present on every frame (the interpolation wraps from the last key frame round to the first). */
  all_frames: boolean;
  /** In order along the spin from the first key frame (see the module's readings); at least one. */
  keys: BlurKeyFrame[];
}

/** A region's shape and box on one frame. */
export interface PlacedRegion {
  id: string;
  shape: BlurShape;
  box: BlurBox;
}

export const BLUR_LIMITS = {
  /** Regions per row. */
  maxRegions: 20,
  /** The smallest side of a box, as a fraction of the frame (half a percent: 5 px of a 1024 px display). */
  minBoxSize: 0.005,
  /** Blur strength (blur_str). */
  minStrength: 1,
  maxStrength: 100,
  defaultStrength: 40,
  /** Frames a row can have (the domain's exterior frame count bound). */
  maxFrames: 360,
} as const;

/** The box between two boxes, `t` from 0 (a) to 1 (b). */
export function interpolateBox(a: BlurBox, b: BlurBox, t: number): BlurBox {
  return { x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t), w: lerp(a.w, b.w, t), h: lerp(a.h, b.h, t) };
}

/** How many frames the region covers (its arc), of a row of `n`. */
export function regionSpan(region: BlurRegion, n: number): number {
  return trackSpan(region.keys, n, region.all_frames);
}

/** The region's box on frame `frame` of a row of `n` frames, or null where it is absent. */
export function regionBoxAt(region: BlurRegion, frame: number, n: number): BlurBox | null {
  return trackValueAt(region.keys, frame, n, (key) => key.box, interpolateBox, region.all_frames);
}

/** Every region present on `frame`, with its box there, in the regions' order. */
export function regionsAt(regions: readonly BlurRegion[], frame: number, n: number): PlacedRegion[] {
  const out: PlacedRegion[] = [];
  for (const region of regions) {
    const box = regionBoxAt(region, frame, n);
    if (box) out.push({ id: region.id, shape: region.shape, box });
  }
  return out;
}

/** The frames (0..n-1, ascending) on which at least one region is present: the frames a blur edits. */
export function framesWithRegions(regions: readonly BlurRegion[], n: number): number[] {
  const frames: number[] = [];
  for (let f = 0; f < n; f++) if (regions.some((r) => regionBoxAt(r, f, n) !== null)) frames.push(f);
  return frames;
}

/**
 * The regions as they stand on one frame, each reduced to that one key frame: what the preview of that frame
 * needs, and short enough for a query string whatever the number of key frames.
 */
export function regionsOnFrame(regions: readonly BlurRegion[], frame: number, n: number): BlurRegion[] {
  return regionsAt(regions, frame, n).map((placed) => ({
    id: placed.id,
    shape: placed.shape,
    all_frames: false,
    keys: [{ frame, box: roundBox(placed.box) }],
  }));
}

/** A box rounded to 1/10000 of the frame (sub-pixel even at 4K), clamped inside the frame. */
export function roundBox(box: BlurBox): BlurBox {
  return clampBox({
    x: Math.round(box.x * 10_000) / 10_000,
    y: Math.round(box.y * 10_000) / 10_000,
    w: Math.round(box.w * 10_000) / 10_000,
    h: Math.round(box.h * 10_000) / 10_000,
  });
}

/** The box kept inside the frame and at least the minimum size (its size kept where it fits, then its place). */
export function clampBox(box: BlurBox): BlurBox {
  const min = BLUR_LIMITS.minBoxSize;
  const w = Math.min(1, Math.max(min, box.w));
  const h = Math.min(1, Math.max(min, box.h));
  const x = Math.min(1 - w, Math.max(0, box.x));
  const y = Math.min(1 - h, Math.max(0, box.y));
  return { x, y, w, h };
}

/** The box moved by (dx, dy), kept inside the frame. */
export function moveBox(box: BlurBox, dx: number, dy: number): BlurBox {
  return clampBox({ ...box, x: box.x + dx, y: box.y + dy });
}

/** The box grown by (dw, dh) from its top-left corner, kept inside the frame and at least the minimum size. */
export function resizeBox(box: BlurBox, dw: number, dh: number): BlurBox {
  const min = BLUR_LIMITS.minBoxSize;
  const w = Math.min(1 - box.x, Math.max(min, box.w + dw));
  const h = Math.min(1 - box.y, Math.max(min, box.h + dh));
  return { ...box, w, h };
}

/**
 * The region with a key frame at `frame` holding `box`: the key there is replaced; a frame inside the arc (or any
 * frame of an `all_frames` region) is inserted in order; a frame outside extends the arc at the nearer end.
 */
export function setKeyFrame(region: BlurRegion, frame: number, box: BlurBox, n: number): BlurRegion {
  return { ...region, keys: setTrackKey(region.keys, { frame, box }, n, region.all_frames) };
}

/** The region without its key frame at `frame`; null when that was its last key frame. */
export function removeKeyFrame(region: BlurRegion, frame: number): BlurRegion | null {
  const keys = region.keys.filter((k) => k.frame !== frame);
  return keys.length === 0 ? null : { ...region, keys };
}

export interface RegionProblem {
  /** Where, below the region: `keys.2.frame`, `keys`... */
  path: (string | number)[];
  message: string;
}

/**
 * What is wrong with a region for a row of `n` frames (empty when nothing): key frames must be frames of the row,
 * each once, and must not lap the circle (keyframes/track.ts).
 */
export function regionProblems(region: BlurRegion, n: number): RegionProblem[] {
  return trackProblems(region.keys, n).map((p) => ({ path: ['keys', ...p.path], message: p.message }));
}

/**
 * The Gaussian sigma, in pixels of an image `width` pixels wide, of blur strength `strength` (1..100): the same
 * look at every size, so the preview at display size matches the full-size render. 100 is a sigma of 1/40 of the
 * width (26 px on a 1024 px display): a plate is unreadable well below that.
 */
export function blurSigma(strength: number, width: number): number {
  const s = Math.min(BLUR_LIMITS.maxStrength, Math.max(BLUR_LIMITS.minStrength, strength));
  return Math.max(0.3, (s / BLUR_LIMITS.maxStrength) * (width / 40));
}
