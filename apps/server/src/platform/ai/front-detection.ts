import type { AnalysisImage } from '../media/media.ts';
import { compareFaces, type FaceCues, faceCuesNear, isLampRed, RED_BODY_SHARE } from './front-red-body.ts';
import { median } from './image-stats.ts';

/**
 * Front (initial angle) detection of one spin row, from what the frames show. No model on npm knows which way a car
 * faces, so this measures two things a car has (docs/operations.md, "Front detection", has the figures):
 *
 * 1. **The mirror axis of the spin.** A car is left-right symmetric, so seen from a circle around it the view at
 *    angle +k from the front, mirrored, is the view at -k. For every possible axis (through a frame or between two)
 *    the frames on either side are compared with the mirror image of their partner across it (edges, not colours,
 *    and a small sideways shift allowed, so a walker off centre still matches); the axis whose pairs match best runs
 *    through the front and the back. It reads the whole turn, not one frame, so a cluttered background that moves
 *    as the walker goes round mostly averages out.
 * 2. **Front or back.** Rear lamps are red and front lamps are not: the end of the axis with more saturated red
 *    (near it, one frame either side) is the back. When both ends are red all over (a red or deep orange body), the
 *    lamps' red says nothing, and the headlights do instead (front-red-body.ts): bright, unsaturated and not red
 *    where the lamps are.
 *
 * What it cannot do, said as it is: a red or orange car whose headlights do not stand out from the body (tinted,
 * dark or cut off), a car cut off by the frame on both ends of the axis, or a spin that is not a turn of the car (a
 * close-up walk, a half turn) leave it unsure, and then it says so instead of guessing. It does not tell which way the
 * spin turns (left or right side first).
 */

export type FrontDetection =
  | {
      status: 'found';
      /** 0-based frame that shows the front. */
      front: number;
      /** How much better the best axis matched than a typical one (0..1; under AXIS_MIN_MARGIN is unsure). */
      axisMargin: number;
      /** Red share of the pictures near the front and near the back. */
      redFront: number;
      redBack: number;
      /** What told the front from the back: the rear lamps' red, or (a red body) the headlights. */
      cue: 'rear_lamps' | 'headlights';
    }
  | {
      status: 'unsure';
      /** `red_body`: both ends red all over, and the headlights did not tell them apart either. */
      reason: 'too_few_frames' | 'no_mirror_axis' | 'front_back_alike' | 'red_body';
      /** The axis found, when one was: the two frames that may be the front. */
      candidates: [number, number] | null;
    };

/** Width the frames are read at (platform/media analysisImage): the lamps are still a few pixels there. */
export const FRONT_ANALYSIS_WIDTH = 128;
/** Fewer frames than this do not make a turn to read an axis from. */
export const MIN_FRAMES = 8;
/** Width of the edge maps compared (pixels); height follows the picture. */
const EDGE_WIDTH = 64;
/** The best axis must beat the median axis by this share of the median's distance, or the spin has no clear axis. */
export const AXIS_MIN_MARGIN = 0.08;
/** The back must show this many times the front's red share (and some red at all) to tell them apart. */
export const RED_MIN_RATIO = 1.6;
export const RED_MIN_SHARE = 0.0015;

interface EdgeMap {
  width: number;
  height: number;
  values: Float32Array;
}

/** Gray edges (gradient magnitude) on a grid EDGE_WIDTH wide, zero mean and unit spread. */
export function edgeMap(image: AnalysisImage): EdgeMap {
  const width = Math.min(EDGE_WIDTH, image.width);
  const height = Math.max(4, Math.round((image.height * width) / image.width));
  const gray = new Float32Array(width * height);
  const sx = image.width / width;
  const sy = image.height / height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Area average of the source cell, so noise and fine texture cancel.
      let sum = 0;
      let n = 0;
      for (let yy = Math.floor(y * sy); yy < Math.floor((y + 1) * sy); yy++) {
        for (let xx = Math.floor(x * sx); xx < Math.floor((x + 1) * sx); xx++) {
          const i = (yy * image.width + xx) * 3;
          sum += 0.299 * (image.rgb[i] ?? 0) + 0.587 * (image.rgb[i + 1] ?? 0) + 0.114 * (image.rgb[i + 2] ?? 0);
          n++;
        }
      }
      gray[y * width + x] = n > 0 ? sum / n : 0;
    }
  }
  const values = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const at = (dx: number, dy: number) => gray[(y + dy) * width + x + dx] ?? 0;
      const gx = at(1, -1) + 2 * at(1, 0) + at(1, 1) - at(-1, -1) - 2 * at(-1, 0) - at(-1, 1);
      const gy = at(-1, 1) + 2 * at(0, 1) + at(1, 1) - at(-1, -1) - 2 * at(0, -1) - at(1, -1);
      values[y * width + x] = Math.sqrt(gx * gx + gy * gy);
    }
  }
  normalise(values);
  return { width, height, values };
}

function normalise(values: Float32Array): void {
  let mean = 0;
  for (const v of values) mean += v;
  mean /= values.length;
  let spread = 0;
  for (const v of values) spread += (v - mean) ** 2;
  spread = Math.sqrt(spread / values.length) || 1;
  for (let i = 0; i < values.length; i++) values[i] = ((values[i] ?? 0) - mean) / spread;
}

/**
 * How unlike `a` is the mirror image of `b`: the mean absolute difference of their edges at the best sideways shift
 * (up to an eighth of the width), over the columns both cover.
 */
export function mirrorDistance(a: EdgeMap, b: EdgeMap): number {
  const { width, height } = a;
  const maxShift = Math.max(1, Math.round(width / 8));
  let best = Number.POSITIVE_INFINITY;
  for (let shift = -maxShift; shift <= maxShift; shift++) {
    let sum = 0;
    let n = 0;
    for (let y = 0; y < height; y++) {
      const row = y * width;
      for (let x = Math.max(0, shift); x < Math.min(width, width + shift); x++) {
        const mirrored = width - 1 - x + shift;
        if (mirrored < 0 || mirrored >= width) continue;
        sum += Math.abs((a.values[row + x] ?? 0) - (b.values[row + mirrored] ?? 0));
        n++;
      }
    }
    if (n > 0 && sum / n < best) best = sum / n;
  }
  return best;
}

/** Share of pixels of saturated lamp red (red well above green and blue). */
export function redShare(image: AnalysisImage): number {
  const { rgb } = image;
  let red = 0;
  const pixels = rgb.length / 3;
  for (let i = 0; i < rgb.length; i += 3) {
    const r = rgb[i] ?? 0;
    const g = rgb[i + 1] ?? 0;
    const b = rgb[i + 2] ?? 0;
    if (isLampRed(r, g, b)) red++;
  }
  return pixels > 0 ? red / pixels : 0;
}

const wrap = (i: number, n: number) => ((i % n) + n) % n;

/**
 * Scores of the n axis classes: class c holds the pairs of frames (i, j) with i + j = c (mod n), an axis through
 * frame c/2 (c even) or between two frames (c odd), and the one opposite. Lower is more mirror-like.
 */
export function axisScores(edges: readonly EdgeMap[]): number[] {
  const n = edges.length;
  const distance: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      const a = edges[i];
      const b = edges[j];
      if (!a || !b) continue;
      const d = mirrorDistance(a, b);
      (distance[i] as number[])[j] = d;
      (distance[j] as number[])[i] = d;
    }
  }
  const scores: number[] = [];
  for (let c = 0; c < n; c++) {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const j = wrap(c - i, n);
      if (j < i) continue;
      sum += distance[i]?.[j] ?? 0;
      count++;
    }
    scores.push(count > 0 ? sum / count : Number.POSITIVE_INFINITY);
  }
  return scores;
}

/** The frame of an axis class nearest its axis on the first side (the other is half a turn on). */
function axisFrames(c: number, n: number, selfDistance: (i: number) => number): [number, number] {
  let first: number;
  if (c % 2 === 0) first = c / 2;
  else {
    // Between two frames: the one more symmetric in itself.
    const lo = (c - 1) / 2;
    const hi = wrap(lo + 1, n);
    first = selfDistance(lo) <= selfDistance(hi) ? lo : hi;
  }
  return [first, wrap(Math.round(first + n / 2), n)];
}

/** The mean red share of a frame and its neighbours. */
function redNear(reds: readonly number[], at: number): number {
  const n = reds.length;
  return ((reds[wrap(at - 1, n)] ?? 0) + (reds[at] ?? 0) + (reds[wrap(at + 1, n)] ?? 0)) / 3;
}

/** What one end of the axis shows: its red share and, with a red body, its face's cues (front-red-body.ts). */
export interface EndLook {
  red: number;
  face: FaceCues | null;
}

/**
 * Which of two ends is the front (`first`: the first one), by the rear lamps' red, or by the headlights when both
 * are red all over; the reason when it cannot tell.
 */
export function tellEnds(
  first: EndLook,
  second: EndLook,
): { firstIsFront: boolean; cue: 'rear_lamps' | 'headlights' } | { unsure: 'red_body' | 'front_back_alike' } {
  const more = Math.max(first.red, second.red);
  const less = Math.min(first.red, second.red);
  if (less >= RED_BODY_SHARE) {
    // A red body: whichever end shows more of it, that is no rear lamp.
    const side = first.face && second.face ? compareFaces(first.face, second.face).side : 0;
    return side === 0 ? { unsure: 'red_body' } : { firstIsFront: side === 1, cue: 'headlights' };
  }
  if (more < RED_MIN_SHARE || more < RED_MIN_RATIO * less) return { unsure: 'front_back_alike' };
  return { firstIsFront: first.red < second.red, cue: 'rear_lamps' };
}

/** Finds the front of one row's frames, in turn order. */
export function detectFront(frames: readonly AnalysisImage[]): FrontDetection {
  const n = frames.length;
  if (n < MIN_FRAMES) return { status: 'unsure', reason: 'too_few_frames', candidates: null };
  const edges = frames.map(edgeMap);
  const scores = axisScores(edges);
  const best = scores.reduce((b, s, c) => (s < (scores[b] ?? Number.POSITIVE_INFINITY) ? c : b), 0);
  const bestScore = scores[best] ?? 0;
  const typical = median(scores);
  const axisMargin = typical > 0 ? (typical - bestScore) / typical : 0;
  const self = (i: number) => {
    const e = edges[i];
    return e ? mirrorDistance(e, e) : Number.POSITIVE_INFINITY;
  };
  const candidates = axisFrames(best, n, self);
  if (axisMargin < AXIS_MIN_MARGIN) return { status: 'unsure', reason: 'no_mirror_axis', candidates };
  const reds = frames.map(redShare);
  const [a, b] = candidates;
  const look = (at: number): EndLook => {
    const red = redNear(reds, at);
    // The faces are read only where both ends may be a red body: a few frames, not the whole spin.
    return { red, face: red >= RED_BODY_SHARE ? faceCuesNear(frames, at) : null };
  };
  const [atA, atB] = [look(a), look(b)];
  const told = tellEnds(atA, atB);
  if ('unsure' in told) return { status: 'unsure', reason: told.unsure, candidates };
  const [front, back] = told.firstIsFront ? [atA, atB] : [atB, atA];
  return {
    status: 'found',
    front: told.firstIsFront ? a : b,
    axisMargin,
    redFront: front.red,
    redBack: back.red,
    cue: told.cue,
  };
}
