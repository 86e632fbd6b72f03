import type { AnalysisImage } from '../media/media.ts';

/**
 * The floor under the car given back to the background (car-mask.ts; issue 23, point 2). GrabCut's colour models
 * cannot tell a white car's grey flank from its grey shadow on a white floor: both are the floor's colour, darker.
 * Where they differ is where they are and how they change:
 * - the shadow is the floor's own colour (the same hue, a lower brightness) and spreads with no sharp step from the
 *   floor around it, while the car's outline is an edge;
 * - the floor lies under the car: below the lowest sure piece of car in its column (a tyre, a sill, a bumper's lower
 *   edge: a colour the floor cannot take, or a sharp step). Without that bound a white bumper whose outline melts
 *   into a white studio was eaten from the side.
 * So the car's pixels reached from the background through floor-coloured neighbours, each a small step from the
 * last, and below their column's lowest sure piece of car, are given back. The near-black of the tyres themselves
 * stays with the car: a car on a new picture still stands on its tyres. Values tuned on bench/car-mask.ts's sets
 * (docs/operations.md, "Car mask").
 */

/** Largest step between neighbours (the largest of the three channels, 8-bit) a shadow makes at the mask's width. */
const STEP = 16;
/** A step this large is an edge of the car: the floor lies below the lowest one in each column. */
const EDGE = 32;
/** The lowest sure piece of car of a column is taken as the lowest of this many columns either side (stray columns). */
const NEAR_COLUMNS = 3;
/** A floor pixel: its colour within this of the floor's colour scaled to its brightness (8-bit, plus a share). */
const HUE_TOLERANCE = 8;
const HUE_SHARE = 0.06;
/** Darker than this share of the floor's brightness is a tyre or a grille, never floor. */
const DARKEST = 0.1;
/** Brighter than the floor by this share (and 4 levels) is no shadow of it. */
const BRIGHTEST = 1.06;
/** A floor whose colour's spread (max-min over max) exceeds this is no studio's or lot's grey: the mask stays. */
const MAX_FLOOR_SATURATION = 0.2;

type Rgb = [number, number, number];

/** The floor's colour: the median of each channel along the frame's bottom band. */
function floorColour(image: AnalysisImage, band: number): Rgb {
  const { width, height, rgb } = image;
  const channels: number[][] = [[], [], []];
  for (let y = height - band; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      for (let c = 0; c < 3; c++) channels[c]?.push(rgb[3 * p + c] ?? 0);
    }
  }
  return channels.map((v) => {
    v.sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)] ?? 0;
  }) as Rgb;
}

/** Whether pixel p's colour is the floor's, at any brightness from DARKEST to BRIGHTEST of it. */
function floorTest(rgb: Uint8Array, floor: Rgb): (p: number) => boolean {
  const floorSum = floor[0] + floor[1] + floor[2];
  return (p) => {
    const r = rgb[3 * p] ?? 0;
    const g = rgb[3 * p + 1] ?? 0;
    const b = rgb[3 * p + 2] ?? 0;
    const sum = r + g + b;
    if (sum > floorSum * BRIGHTEST + 12 || sum < floorSum * DARKEST) return false;
    const k = sum / floorSum;
    const tolerance = HUE_TOLERANCE + HUE_SHARE * (sum / 3);
    return (
      Math.abs(r - k * floor[0]) <= tolerance &&
      Math.abs(g - k * floor[1]) <= tolerance &&
      Math.abs(b - k * floor[2]) <= tolerance
    );
  };
}

/** Whether neighbours p and q differ by at most `most` in every channel. */
const within = (rgb: Uint8Array, p: number, q: number, most: number): boolean =>
  Math.abs((rgb[3 * p] ?? 0) - (rgb[3 * q] ?? 0)) <= most &&
  Math.abs((rgb[3 * p + 1] ?? 0) - (rgb[3 * q + 1] ?? 0)) <= most &&
  Math.abs((rgb[3 * p + 2] ?? 0) - (rgb[3 * q + 2] ?? 0)) <= most;

/** Each column's lowest sure piece of car (its row, -1 where none), widened over NEAR_COLUMNS either side. */
function carBottoms(image: AnalysisImage, labels: Uint8Array, isFloor: (p: number) => boolean): Int32Array {
  const { width, rgb } = image;
  const lowest = new Int32Array(width).fill(-1);
  for (let p = 0; p < labels.length; p++) {
    if (!labels[p]) continue;
    const x = p % width;
    const edge =
      (x + 1 < width && !within(rgb, p, p + 1, EDGE)) ||
      (p + width < labels.length && !within(rgb, p, p + width, EDGE));
    if (edge || !isFloor(p)) lowest[x] = (p - x) / width;
  }
  return Int32Array.from(lowest, (_, x) =>
    Math.max(...lowest.subarray(Math.max(0, x - NEAR_COLUMNS), x + NEAR_COLUMNS + 1)),
  );
}

/**
 * `labels` (1 on the car) with the floor and its shadow reached from the background set to 0. `band` is the
 * sure-background band's width in pixels, whose bottom rows give the floor's colour.
 */
export function dropFloor(image: AnalysisImage, labels: Uint8Array, band: number): Uint8Array {
  const { width, rgb } = image;
  const floor = floorColour(image, band);
  const most = Math.max(...floor);
  if (most < 24 || (most - Math.min(...floor)) / most > MAX_FLOOR_SATURATION) return labels;
  const isFloor = floorTest(rgb, floor);
  const bottoms = carBottoms(image, labels, isFloor);
  const out = Uint8Array.from(labels);
  const stack: number[] = [];
  for (let p = 0; p < out.length; p++) if (!out[p]) stack.push(p);
  while (stack.length > 0) {
    const p = stack.pop() as number;
    const x = p % width;
    for (const q of [x > 0 ? p - 1 : -1, x + 1 < width ? p + 1 : -1, p - width, p + width]) {
      if (q < 0 || q >= out.length || !out[q]) continue;
      if ((q - (q % width)) / width <= (bottoms[q % width] ?? -1)) continue;
      if (!isFloor(q) || !within(rgb, p, q, STEP)) continue;
      out[q] = 0;
      stack.push(q);
    }
  }
  return out;
}
