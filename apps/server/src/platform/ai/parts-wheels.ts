import type { AnalysisImage } from '../media/media.ts';
import { grayOf } from './image-stats.ts';

/**
 * Wheel candidates on one spin frame, without a model (no npm package ships one that knows a car's parts): a wheel
 * seen from the side or three-quarters is a dark tyre ring round a lighter rim, an upright ellipse from a circle to
 * a little over half as wide as high. Every place, size and width is scored on box sums of the gray picture (an
 * integral image, so the whole search is a few milliseconds at PARTS_ANALYSIS_WIDTH): the rim's mean minus the
 * lightest of the four strips of tyre round it (left, right, above, below), so a dark edge on one side only (a
 * window, a shadow) does not pass. The tracks across neighbouring frames (parts-track.ts) drop what one frame alone
 * shows; docs/operations.md, "Automatic annotation", has the figures.
 *
 * What it cannot do, said as it is: a black or dark rim (no lighter centre), a wheel under a deep shadow, or a
 * white-wall tyre is missed; a round dark frame with a light centre low on the car (a fog lamp's bezel) may pass.
 */

/** Width the frames are read at: a wheel of a car filling two thirds of the frame is 20 px or more across. */
export const PARTS_ANALYSIS_WIDTH = 320;

export interface WheelCandidate {
  /** Centre, fractions of the picture. */
  x: number;
  y: number;
  /** Half height, a fraction of the picture's width. */
  radius: number;
  /** The rim's mean gray minus the lightest tyre strip's (0..255). */
  score: number;
}

/** Below this contrast a lighter centre in a darker ring is any texture. */
export const WHEEL_MIN_SCORE = 45;
/** The tyre strips must be this dark (gray 0..255) at their lightest. */
const TYRE_MAX_GRAY = 95;
/** Half heights searched, fractions of the width: a far wheel of a small car to a near wheel of a large one. */
const RADII = Array.from({ length: 13 }, (_, i) => 0.02 * 1.12 ** i);
/** Widths over heights searched (a wheel seen from three-quarters is narrower). */
const ASPECTS = [1, 0.8, 0.62];
const MAX_CANDIDATES = 4;

interface Integral {
  width: number;
  height: number;
  sums: Float64Array;
}

function integralOf(gray: Float32Array, width: number, height: number): Integral {
  const sums = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += gray[y * width + x] ?? 0;
      sums[(y + 1) * (width + 1) + x + 1] = (sums[y * (width + 1) + x + 1] ?? 0) + row;
    }
  }
  return { width, height, sums };
}

/** Mean of the box [x0, x1) x [y0, y1), clipped to the picture; NaN when empty. */
function boxMean(ii: Integral, x0: number, y0: number, x1: number, y1: number): number {
  const w = ii.width + 1;
  const a = Math.max(0, Math.round(x0));
  const b = Math.max(0, Math.round(y0));
  const c = Math.min(ii.width, Math.round(x1));
  const d = Math.min(ii.height, Math.round(y1));
  if (c <= a || d <= b) return Number.NaN;
  const s = ii.sums;
  return ((s[d * w + c] ?? 0) - (s[b * w + c] ?? 0) - (s[d * w + a] ?? 0) + (s[b * w + a] ?? 0)) / ((c - a) * (d - b));
}

/** The wheel score of one ellipse (centre cx, cy; half sizes rx, ry in pixels), or -1 when it is no wheel. */
function wheelScore(ii: Integral, cx: number, cy: number, rx: number, ry: number): number {
  if (cx - rx < 0 || cx + rx > ii.width || cy - ry < 0 || cy + ry > ii.height) return -1;
  const rim = boxMean(ii, cx - 0.45 * rx, cy - 0.45 * ry, cx + 0.45 * rx, cy + 0.45 * ry);
  const strips = [
    boxMean(ii, cx - rx, cy - 0.35 * ry, cx - 0.72 * rx, cy + 0.35 * ry),
    boxMean(ii, cx + 0.72 * rx, cy - 0.35 * ry, cx + rx, cy + 0.35 * ry),
    boxMean(ii, cx - 0.35 * rx, cy - ry, cx + 0.35 * rx, cy - 0.72 * ry),
    boxMean(ii, cx - 0.35 * rx, cy + 0.72 * ry, cx + 0.35 * rx, cy + ry),
  ];
  const tyre = Math.max(...strips);
  if (Number.isNaN(rim) || Number.isNaN(tyre) || tyre > TYRE_MAX_GRAY) return -1;
  return rim - tyre;
}

/** The best wheel-like ellipses of a picture, strongest first, none overlapping another's centre. */
export function wheelCandidates(image: AnalysisImage, minScore = WHEEL_MIN_SCORE): WheelCandidate[] {
  const { width, height } = image;
  const ii = integralOf(grayOf(image), width, height);
  const found: { cx: number; cy: number; rx: number; ry: number; score: number }[] = [];
  for (const radius of RADII) {
    const ry = radius * width;
    const step = Math.max(1, Math.round(ry / 5));
    for (const aspect of ASPECTS) {
      const rx = aspect * ry;
      for (let cy = Math.ceil(ry); cy <= height - ry; cy += step) {
        for (let cx = Math.ceil(rx); cx <= width - rx; cx += step) {
          const score = wheelScore(ii, cx, cy, rx, ry);
          if (score >= minScore) found.push({ cx, cy, rx, ry, score });
        }
      }
    }
  }
  // The gaps between a rim's spokes are small dark rings round a light spoke: scored by size too, the whole wheel
  // (its tyre the outermost dark ring) outranks them.
  const rank = (c: { ry: number; score: number }) => c.score * Math.sqrt(c.ry / width / (RADII[0] ?? 0.02));
  found.sort((a, b) => rank(b) - rank(a));
  const kept: typeof found = [];
  for (const c of found) {
    if (kept.some((k) => Math.abs(k.cx - c.cx) < Math.max(k.rx, c.rx) && Math.abs(k.cy - c.cy) < Math.max(k.ry, c.ry)))
      continue;
    kept.push(c);
    if (kept.length === MAX_CANDIDATES) break;
  }
  return kept.map((k) => ({ x: k.cx / width, y: k.cy / height, radius: k.ry / width, score: k.score }));
}
