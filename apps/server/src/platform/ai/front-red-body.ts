import type { AnalysisImage } from '../media/media.ts';

/**
 * Front or back of a red (or deep orange) car. The rear lamps' red tells the back of a car of any other colour
 * (front-detection.ts), but on a red body both ends of the spin's axis are red all over, and their red shares say
 * nothing (on real photographs of red cars, that rule picked the front for the back on a quarter of front-and-back
 * pairs: docs/operations.md, "Front detection"). So, inside the box the red body spans at each end, two cues of the
 * car's face, measured where the lamps are (the outer quarters of the box's width, from 30 % of its height down):
 *
 * - **headlights**: the share of bright, unsaturated pixels (lamp glass and chrome), which a front shows and a back,
 *   whose lamps are red like the body, does not;
 * - **not red**: the share of pixels there that are not red: the headlights again, and their dark bezels.
 *
 * The front is the end higher on both, by a product of the two ratios of at least RED_BODY_MIN_RATIO; cues that
 * disagree, or agree by less, leave the spin unsure. A car whose headlights are tinted with the body (or a picture
 * tinted red all over) gives both ends alike and stays unsure, which is what it should say.
 */

/** A pixel of saturated lamp red: red well above green and blue (the rear lamps' test; a red body passes it too). */
export const isLampRed = (r: number, g: number, b: number) =>
  r > 90 && r - Math.max(g, b) > 45 && r > 1.6 * g && r > 1.5 * b;

/** Both ends of the axis at least this red (share of the picture) is a red body, not lamps: lamps are a few pixels. */
export const RED_BODY_SHARE = 0.02;
/** The product of the two cues' ratios the front must win by. */
export const RED_BODY_MIN_RATIO = 3;
/**
 * Added to both sides of a ratio, so that cues near zero at both ends (a car red all over, headlights too) make no
 * large ratio: the front's headlights must fill a few percent of the lamp corners to count.
 */
const SMALL = 0.02;
/**
 * The red body's box: the run of columns around the reddest one that hold at least this share of its red pixels
 * (then the same for rows, counted within those columns), so a red thing in the background beside the car, with
 * background between, stays out of it.
 */
const BOX_RUN = 0.1;
/** Where the lamps are in the box: the outer share of its width on each side, and the rows (shares of its height). */
const CORNER = 0.25;
const HEADLIGHT_ROWS = [0.3, 0.85] as const;
const NOT_RED_ROWS = [0.3, 0.7] as const;

export interface FaceCues {
  headlights: number;
  notRed: number;
}

interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The run of indices around the histogram's peak that hold at least `share` of the peak's count. */
function runAroundPeak(histogram: Uint32Array, share: number): [number, number] {
  let peak = 0;
  for (let i = 1; i < histogram.length; i++) if ((histogram[i] ?? 0) > (histogram[peak] ?? 0)) peak = i;
  const least = share * (histogram[peak] ?? 0);
  let lo = peak;
  let hi = peak;
  while (lo > 0 && (histogram[lo - 1] ?? 0) >= least) lo--;
  while (hi < histogram.length - 1 && (histogram[hi + 1] ?? 0) >= least) hi++;
  return [lo, hi];
}

/** The box of the picture's red body; null with too few red pixels to be one. */
function redBox(image: AnalysisImage): Box | null {
  const { width, height, rgb } = image;
  const red = new Uint8Array(width * height);
  const columns = new Uint32Array(width);
  let total = 0;
  for (let p = 0; p < red.length; p++) {
    if (!isLampRed(rgb[3 * p] ?? 0, rgb[3 * p + 1] ?? 0, rgb[3 * p + 2] ?? 0)) continue;
    red[p] = 1;
    columns[p % width] = (columns[p % width] ?? 0) + 1;
    total++;
  }
  if (total < RED_BODY_SHARE * width * height) return null;
  const [x0, x1] = runAroundPeak(columns, BOX_RUN);
  // Rows counted within the body's columns only, so a red thing beside the car does not stretch it up or down.
  const rows = new Uint32Array(height);
  for (let y = 0; y < height; y++) {
    for (let x = x0; x <= x1; x++) rows[y] = (rows[y] ?? 0) + (red[y * width + x] ?? 0);
  }
  const [y0, y1] = runAroundPeak(rows, BOX_RUN);
  return x1 - x0 >= 4 && y1 - y0 >= 4 ? { x0, x1, y0, y1 } : null;
}

/** The two cues of one picture of a car's end; null when the picture holds no red body. */
export function faceCues(image: AnalysisImage): FaceCues | null {
  const box = redBox(image);
  if (!box) return null;
  const { width, rgb } = image;
  const corner = CORNER * (box.x1 - box.x0);
  const boxHeight = box.y1 - box.y0;
  let bright = 0;
  let lampPixels = 0;
  let notRed = 0;
  let upperPixels = 0;
  for (let y = box.y0; y <= box.y1; y++) {
    const depth = (y - box.y0) / boxHeight;
    const inHeadlights = depth >= HEADLIGHT_ROWS[0] && depth <= HEADLIGHT_ROWS[1];
    const inNotRed = depth >= NOT_RED_ROWS[0] && depth <= NOT_RED_ROWS[1];
    if (!inHeadlights && !inNotRed) continue;
    for (let x = box.x0; x <= box.x1; x++) {
      if (x > box.x0 + corner && x < box.x1 - corner) continue;
      const i = 3 * (y * width + x);
      const r = rgb[i] ?? 0;
      const g = rgb[i + 1] ?? 0;
      const b = rgb[i + 2] ?? 0;
      if (inHeadlights) {
        lampPixels++;
        const luma = 0.299 * r + 0.587 * g + 0.114 * b;
        if (luma > 150 && Math.max(r, g, b) - Math.min(r, g, b) < 50) bright++;
      }
      if (inNotRed) {
        upperPixels++;
        if (!isLampRed(r, g, b)) notRed++;
      }
    }
  }
  return { headlights: bright / Math.max(1, lampPixels), notRed: notRed / Math.max(1, upperPixels) };
}

const wrap = (i: number, n: number) => ((i % n) + n) % n;

/** The mean cues of a frame and its neighbours (null when none of them holds a red body). */
export function faceCuesNear(frames: readonly AnalysisImage[], at: number): FaceCues | null {
  const read = [-1, 0, 1].flatMap((d) => {
    const frame = frames[wrap(at + d, frames.length)];
    const cues = frame ? faceCues(frame) : null;
    return cues ? [cues] : [];
  });
  if (read.length === 0) return null;
  return {
    headlights: read.reduce((s, c) => s + c.headlights, 0) / read.length,
    notRed: read.reduce((s, c) => s + c.notRed, 0) / read.length,
  };
}

/**
 * Whether the first of two ends' cues is the front (1), the second (-1) or neither can be told (0), with the product
 * of the cues' ratios the winner won by.
 */
export function compareFaces(first: FaceCues, second: FaceCues): { side: 1 | -1 | 0; ratio: number } {
  const headlights = (first.headlights + SMALL) / (second.headlights + SMALL);
  const notRed = (first.notRed + SMALL) / (second.notRed + SMALL);
  const product = headlights * notRed;
  if (headlights > 1 && notRed > 1 && product >= RED_BODY_MIN_RATIO) return { side: 1, ratio: product };
  if (headlights < 1 && notRed < 1 && 1 / product >= RED_BODY_MIN_RATIO) return { side: -1, ratio: 1 / product };
  return { side: 0, ratio: Math.max(product, 1 / product) };
}
