import type { AnalysisImage } from '../media/media.ts';
import type { CarMask } from './car-mask.ts';
import { grayOf } from './image-stats.ts';
import { wheelCandidates } from './parts-wheels.ts';

/**
 * The per-frame maps of the symmetry method for damage (damage-detector.ts; docs/decisions.md "Damage detection"):
 * where the body paint is, and how much fine structure (edges, shading) each pixel shows. A scratch is a thin line of
 * another shade, a dent a small patch of shading that turns against the panel's, a scuff a rough patch: each adds
 * structure where the undamaged panel, and its mirror twin on the car's other side, have little.
 */

/** Width the frames are read at: a scratch 3 px wide at 1080p is still three quarters of a pixel here. */
export const DAMAGE_ANALYSIS_WIDTH = 480;
/** Pixels round a mirrored place searched for the same structure (the box-to-box alignment is rough). */
export const MATCH_RADIUS = 5;

export interface FrameMaps {
  width: number;
  height: number;
  /** 1 on the body paint (not glass, tyres, wheels, lamps or background), eroded off its borders. */
  body: Uint8Array;
  /** Fine structure of each pixel (gray levels): the larger of a small- and a mid-scale band-pass. */
  energy: Float32Array;
  /** The largest structure within MATCH_RADIUS of each pixel: what a counterpart offers near a mirrored place. */
  near: Float32Array;
  /** The car's box in pixels, or undefined when no car was found. */
  box: { x: number; y: number; w: number; h: number } | undefined;
}

/** What one pass of a separable filter makes of a window: `at(d)` is the line's value at d, for d in lo..hi. */
type WindowOf = (at: (d: number) => number, lo: number, hi: number) => number;

/** A filter over a (2r+1)-wide square round each pixel, as a pass along the rows then one down the columns. */
function separable(values: Float32Array, width: number, height: number, r: number, windowOf: WindowOf): Float32Array {
  const pass = (src: Float32Array, horizontal: boolean): Float32Array => {
    const out = new Float32Array(src.length);
    const lines = horizontal ? height : width;
    const length = horizontal ? width : height;
    const index = (line: number, k: number) => (horizontal ? line * width + k : k * width + line);
    for (let line = 0; line < lines; line++) {
      const at = (d: number) => src[index(line, d)] ?? 0;
      for (let k = 0; k < length; k++)
        out[index(line, k)] = windowOf(at, Math.max(0, k - r), Math.min(length - 1, k + r));
    }
    return out;
  };
  return pass(pass(values, true), false);
}

/** Mean of a (2r+1)-wide square round each pixel (edges clamped). */
export const boxBlur = (values: Float32Array, width: number, height: number, r: number): Float32Array =>
  separable(values, width, height, r, (at, lo, hi) => {
    let sum = 0;
    for (let d = lo; d <= hi; d++) sum += at(d);
    return sum / (hi - lo + 1);
  });

/** Largest value in a (2r+1)-wide square round each pixel. */
export const maxFilter = (values: Float32Array, width: number, height: number, r: number): Float32Array =>
  separable(values, width, height, r, (at, lo, hi) => {
    let best = Number.NEGATIVE_INFINITY;
    for (let d = lo; d <= hi; d++) best = Math.max(best, at(d));
    return best;
  });

/** Structure energy: |g - blur1(g)| for lines and scratches, |blur1(g) - blur2(g)| for a dent's shading. */
export function structureEnergy(image: AnalysisImage): Float32Array {
  const { width, height } = image;
  const gray = grayOf(image);
  const fine = boxBlur(gray, width, height, 2);
  const coarse = boxBlur(gray, width, height, 8);
  const energy = new Float32Array(gray.length);
  for (let p = 0; p < gray.length; p++) {
    const small = Math.abs((gray[p] ?? 0) - (fine[p] ?? 0));
    const mid = Math.abs((fine[p] ?? 0) - (coarse[p] ?? 0));
    energy[p] = Math.max(small, mid);
  }
  return boxBlur(energy, width, height, 1);
}

/** Chroma distance within which a pixel is the body's paint, and the shade range (paint in shadow to highlight). */
const PAINT_CHROMA = 28;
const PAINT_SHADE = { low: 0.55, high: 1.35 };
/** Pixels the body is shrunk off its borders (panel edges, the glass line, the silhouette). */
const BODY_EROSION = 3;
/** Pixels a gap in the paint may be and still count as body (a scratch of another shade is on the body). */
const BODY_CLOSING = 3;

/**
 * The paint's colour: the commonest colour (a coarse 8x8x8 histogram) of the car's upper two thirds, where the body
 * shows and the floor's shadow, which the car mask may keep, does not; the mean of that bin's pixels.
 */
function paintColour(image: AnalysisImage, mask: CarMask): [number, number, number] | undefined {
  const box = mask.box;
  if (!box) return undefined;
  const counts = new Float64Array(512 * 4);
  const sx = mask.width / image.width;
  const y0 = Math.round(box.y * image.height);
  const y1 = Math.round((box.y + 0.67 * box.h) * image.height);
  for (let y = y0; y < y1; y++) {
    for (let x = 0; x < image.width; x++) {
      if (!mask.alpha[Math.floor(y * sx) * mask.width + Math.floor(x * sx)]) continue;
      const p = 3 * (y * image.width + x);
      const r = image.rgb[p] ?? 0;
      const g = image.rgb[p + 1] ?? 0;
      const b = image.rgb[p + 2] ?? 0;
      const bin = 4 * (((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5));
      counts[bin] = (counts[bin] ?? 0) + 1;
      counts[bin + 1] = (counts[bin + 1] ?? 0) + r;
      counts[bin + 2] = (counts[bin + 2] ?? 0) + g;
      counts[bin + 3] = (counts[bin + 3] ?? 0) + b;
    }
  }
  let best = 0;
  for (let bin = 0; bin < counts.length; bin += 4) if ((counts[bin] ?? 0) > (counts[best] ?? 0)) best = bin;
  const n = counts[best] ?? 0;
  if (n < 50) return undefined;
  return [(counts[best + 1] ?? 0) / n, (counts[best + 2] ?? 0) / n, (counts[best + 3] ?? 0) / n];
}

const erode = (on: Uint8Array, width: number, height: number, r: number): Uint8Array => {
  const inverted = Float32Array.from(on, (v) => 1 - v);
  return Uint8Array.from(maxFilter(inverted, width, height, r), (v) => (v > 0 ? 0 : 1));
};
const dilate = (on: Uint8Array, width: number, height: number, r: number): Uint8Array =>
  Uint8Array.from(maxFilter(Float32Array.from(on), width, height, r), (v) => (v > 0 ? 1 : 0));

/** The body paint of a frame: car-mask pixels of the paint's colour, gaps closed, wheels cut out, borders eroded. */
export function bodyOf(image: AnalysisImage, mask: CarMask): Uint8Array {
  const { width, height, rgb } = image;
  const body = new Uint8Array(width * height);
  const paint = paintColour(image, mask);
  if (!paint) return body;
  const shade = (paint[0] + paint[1] + paint[2]) / 3;
  const sx = mask.width / width;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (!mask.alpha[Math.floor(y * sx) * mask.width + Math.floor(x * sx)]) continue;
      const r = rgb[3 * p] ?? 0;
      const g = rgb[3 * p + 1] ?? 0;
      const b = rgb[3 * p + 2] ?? 0;
      const s = (r + g + b) / 3;
      if (s < PAINT_SHADE.low * shade || s > PAINT_SHADE.high * shade + 20) continue;
      // Chroma compared at the pixel's own shade, so paint in shadow is still paint.
      const k = s / Math.max(1, shade);
      const chroma = Math.hypot(r - k * paint[0], g - k * paint[1], b - k * paint[2]);
      if (chroma <= PAINT_CHROMA) body[p] = 1;
    }
  }
  let closed = erode(dilate(body, width, height, BODY_CLOSING), width, height, BODY_CLOSING);
  for (const wheel of wheelCandidates(image)) {
    // A wheel's spokes stand differently on the two sides: never compared. The arch round it goes too.
    const rx = 1.25 * wheel.radius * width;
    const cx = wheel.x * width;
    const cy = wheel.y * height;
    for (let y = Math.max(0, Math.floor(cy - rx)); y < Math.min(height, cy + rx); y++) {
      for (let x = Math.max(0, Math.floor(cx - rx)); x < Math.min(width, cx + rx); x++) closed[y * width + x] = 0;
    }
  }
  closed = erode(closed, width, height, BODY_EROSION);
  return closed;
}

/**
 * The picture at half its width and height (2x2 area means): the car mask is read there, a quarter of the work, as
 * its edges are eroded off the body anyway.
 */
export function halved(image: AnalysisImage): AnalysisImage {
  const width = Math.max(1, Math.floor(image.width / 2));
  const height = Math.max(1, Math.floor(image.height / 2));
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        const at = (dx: number, dy: number) => image.rgb[3 * ((2 * y + dy) * image.width + 2 * x + dx) + c] ?? 0;
        rgb[3 * (y * width + x) + c] = Math.round((at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1)) / 4);
      }
    }
  }
  return { width, height, rgb };
}

/** Both maps of one frame (at DAMAGE_ANALYSIS_WIDTH) with its car mask (read at any width). */
export function frameMaps(image: AnalysisImage, mask: CarMask): FrameMaps {
  const box = mask.box
    ? {
        x: mask.box.x * image.width,
        y: mask.box.y * image.height,
        w: mask.box.w * image.width,
        h: mask.box.h * image.height,
      }
    : undefined;
  const energy = structureEnergy(image);
  const near = maxFilter(energy, image.width, image.height, MATCH_RADIUS);
  return { width: image.width, height: image.height, body: bodyOf(image, mask), energy, near, box };
}
