import type { AnalysisImage } from '../media/media.ts';
import { grayOf } from './image-stats.ts';
import type { FractionBox } from './plate-rules.ts';

/**
 * Headlights on the front frame of a spin, without a model: a car's front is mirror-symmetric about its plate, and
 * its headlights are the pair of most detailed patches (lenses, reflectors, chrome: many strong edges) either side
 * of the plate, level with each other, above it by up to a few plate heights and out by one to a few plate widths.
 * The plate is the anchor (the text detector's plate-shaped line, parts-detector.ts): without a plate seen on the
 * front frame, no headlight is proposed. From the front frame each lamp is followed to the neighbouring frames by
 * matching its patch (normalised correlation), as far as it still looks the same.
 *
 * What it cannot do, said as it is: a car without a front plate, a plate mounted off centre, or lamps hidden in a
 * dark grille (the grille's edges then win) give no or wrong lamps; it does not tell a headlight from a fog lamp
 * placed the same way.
 */

export const HEADLIGHT_ANALYSIS_WIDTH = 480;

export interface HeadlightPair {
  left: { x: number; y: number };
  right: { x: number; y: number };
  /** Mean edge strength of the weaker lamp minus the pair's mirror difference. */
  score: number;
}

export interface Gray {
  width: number;
  height: number;
  values: Float32Array;
}

export const grayPicture = (image: AnalysisImage): Gray => ({
  width: image.width,
  height: image.height,
  values: grayOf(image),
});

export function edgesOf(g: Gray): Float32Array {
  const out = new Float32Array(g.values.length);
  const v = g.values;
  const w = g.width;
  for (let y = 1; y < g.height - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      out[i] = Math.abs((v[i + 1] ?? 0) - (v[i - 1] ?? 0)) + Math.abs((v[i + w] ?? 0) - (v[i - w] ?? 0));
    }
  }
  return out;
}

export function windowMean(values: Float32Array, width: number, cx: number, cy: number, half: number): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.round(cy - half); y <= Math.round(cy + half); y++) {
    for (let x = Math.round(cx - half); x <= Math.round(cx + half); x++) {
      sum += values[y * width + x] ?? 0;
      n++;
    }
  }
  return n > 0 ? sum / n : 0;
}

/** Mean gray difference of the window at (lx, y) and the mirror image of the window at (rx, y). */
export function mirrorDifference(g: Gray, lx: number, rx: number, cy: number, half: number): number {
  let sum = 0;
  let n = 0;
  for (let dy = -half; dy <= half; dy++) {
    for (let dx = -half; dx <= half; dx++) {
      const y = Math.round(cy + dy);
      sum += Math.abs(
        (g.values[y * g.width + Math.round(lx + dx)] ?? 0) - (g.values[y * g.width + Math.round(rx - dx)] ?? 0),
      );
      n++;
    }
  }
  return n > 0 ? sum / n : 0;
}

/** Where to look: the mirror axis (pixels), the band of heights, and the distances out from the axis. */
export interface SearchArea {
  axis: number;
  top: number;
  bottom: number;
  nearest: number;
  farthest: number;
  half: number;
  /** How far the pair's middle may stray from `axis` (pixels): a front frame a few degrees off square. */
  slack?: number;
}

/**
 * Either side of a plate and above it (up to six plate heights: fog lamps sit level with the plate or below it,
 * headlights above), out by 0.8 to 3 plate widths.
 */
function plateArea(g: Gray, plate: FractionBox): SearchArea {
  const plateW = plate.w * g.width;
  const plateH = Math.max(2, plate.h * g.height);
  return {
    axis: (plate.x + plate.w / 2) * g.width,
    top: plate.y * g.height - 6 * plateH,
    bottom: plate.y * g.height,
    nearest: 0.8 * plateW,
    farthest: 3 * plateW,
    half: Math.max(3, Math.round(0.22 * plateW)),
  };
}

/** The headlight pair either side of the plate `plate` (fractions of the picture), or null when none stands out. */
export function headlightPair(image: AnalysisImage, plate: FractionBox): HeadlightPair | null {
  const g = grayPicture(image);
  const best = bestPair(g, edgesOf(g), plateArea(g, plate));
  return best && best.score >= HEADLIGHT_MIN_SCORE ? best : null;
}

/** The most detailed, most mirror-like pair of windows of `area` (the weaker's edges minus their mirror difference). */
export function bestPair(g: Gray, edges: Float32Array, area: SearchArea): HeadlightPair | null {
  const { width, height } = g;
  const { half } = area;
  let best: HeadlightPair | null = null;
  const step = Math.max(1, Math.round(half / 3));
  const slack = area.slack ?? 0;
  for (let axis = area.axis - slack; axis <= area.axis + slack; axis += step) {
    for (let cy = area.top; cy <= area.bottom; cy += step) {
      if (cy - half < 1 || cy + half >= height - 1) continue;
      for (let dx = area.nearest; dx <= area.farthest; dx += step) {
        const lx = axis - dx;
        const rx = axis + dx;
        if (lx - half < 1 || rx + half >= width - 1) continue;
        const weaker = Math.min(windowMean(edges, width, lx, cy, half), windowMean(edges, width, rx, cy, half));
        const score = weaker - 0.5 * mirrorDifference(g, lx, rx, cy, half);
        if (!best || score > best.score) {
          best = { left: { x: lx / width, y: cy / height }, right: { x: rx / width, y: cy / height }, score };
        }
      }
    }
  }
  return best;
}

/** Below this a pair is flat body panels, not lamps (edge strength, gray levels per pixel). */
export const HEADLIGHT_MIN_SCORE = 12;

/** Normalised correlation of the patch of `a` at (ax, ay) and of `b` at (bx, by), both `half` pixels round. */
function correlation(a: Gray, ax: number, ay: number, b: Gray, bx: number, by: number, half: number): number {
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  let n = 0;
  for (let dy = -half; dy <= half; dy++) {
    for (let dx = -half; dx <= half; dx++) {
      const va = a.values[(ay + dy) * a.width + ax + dx] ?? 0;
      const vb = b.values[(by + dy) * b.width + bx + dx] ?? 0;
      sa += va;
      sb += vb;
      saa += va * va;
      sbb += vb * vb;
      sab += va * vb;
      n++;
    }
  }
  const cov = sab - (sa * sb) / n;
  const va = saa - (sa * sa) / n;
  const vb = sbb - (sb * sb) / n;
  return va > 0 && vb > 0 ? cov / Math.sqrt(va * vb) : 0;
}

/** A correlation under this is another picture of the lamp than the one before: the track stops. */
export const FOLLOW_MIN_CORRELATION = 0.55;

/**
 * The lamp at `start` on `frames[from]` followed frame by frame in direction `step` (1 or -1, wrapping round the
 * row) for at most `maxFrames`: the points found, nearest frame first, `from` itself excluded.
 */
export function followPatch(
  frames: readonly AnalysisImage[],
  from: number,
  start: { x: number; y: number },
  step: 1 | -1,
  maxFrames: number,
  half: number,
  /** Farthest sideways move between two frames, a share of the width (up or down: 4 % of it, as a turn hardly lifts a part). */
  move = 0.08,
): { frame: number; x: number; y: number }[] {
  const n = frames.length;
  const out: { frame: number; x: number; y: number }[] = [];
  let at = from;
  let point = start;
  for (let k = 0; k < maxFrames; k++) {
    const next = (((at + step) % n) + n) % n;
    const a = frames[at];
    const b = frames[next];
    if (!a || !b) break;
    const ga = grayPicture(a);
    const gb = grayPicture(b);
    const ax = Math.round(point.x * a.width);
    const ay = Math.round(point.y * a.height);
    if (ax - half < 0 || ay - half < 0 || ax + half >= a.width || ay + half >= a.height) break;
    const reach = Math.round(move * b.width);
    let best = { r: -1, x: 0, y: 0 };
    const rise = Math.round(0.04 * b.width);
    for (let by = ay - rise; by <= ay + rise; by++) {
      for (let bx = ax - reach; bx <= ax + reach; bx++) {
        if (bx - half < 0 || by - half < 0 || bx + half >= b.width || by + half >= b.height) continue;
        const r = correlation(ga, ax, ay, gb, bx, by, half);
        if (r > best.r) best = { r, x: bx, y: by };
      }
    }
    if (best.r < FOLLOW_MIN_CORRELATION) break;
    point = { x: best.x / b.width, y: best.y / b.height };
    out.push({ frame: next, ...point });
    at = next;
  }
  return out;
}
