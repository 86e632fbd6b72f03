import type { AnalysisImage } from '../media/media.ts';

/**
 * The car mask's edge made soft where it carries the background (car-mask.ts; issue 23, point 2). A mask pixel on
 * the car's outline at 320 px covers five 1080p pixels, part car and part background; kept whole, its background
 * part comes along onto the dealer's picture: a white rim round a car shot in a white studio. So each mask pixel
 * within RING steps of the background keeps only the car's share of its colour, as a matte reads it: with B the
 * background's colour next to it and F the car's further in, the share is where the pixel's colour lies between B
 * and F. Where the car's colour is the background's (a white car on white), or the pixel's is neither's (a white
 * mirror beside a dark windscreen, whose matte share would be nothing), the share cannot be read that way, and the
 * pixel keeps only what its colour does not share with B. Values: docs/operations.md, "Car mask".
 */

/** Outline pixels this far (4-connected steps) from the background are weighed; further in, the car is whole. */
const RING = 2;
/** Half size of the window the colours B and F are read in. */
const WINDOW = 3;
/** Below this distance between F and B (8-bit RGB) the share is not read from the matte but from B alone. */
const MIN_CONTRAST = 40;
/** Spread (8-bit RGB) of "the background's colour" when the share is read from B alone. */
const LIKENESS = 24;
/** A pixel this far (8-bit RGB) from the line between B and F is no mixture of the two. */
const OFF_LINE = 48;

/** Distance in 4-connected steps from each car pixel to the nearest background pixel, up to limit + 1. */
function distances(labels: Uint8Array, width: number, limit: number): Uint8Array {
  const d = new Uint8Array(labels.length);
  for (let p = 0; p < d.length; p++) if (labels[p]) d[p] = limit + 1;
  for (let round = 1; round <= limit; round++) {
    for (let p = 0; p < d.length; p++) {
      if ((d[p] ?? 0) <= round) continue;
      const x = p % width;
      const touches =
        (x > 0 && d[p - 1] === round - 1) ||
        (x + 1 < width && d[p + 1] === round - 1) ||
        (p >= width && d[p - width] === round - 1) ||
        (p + width < d.length && d[p + width] === round - 1);
      if (touches) d[p] = round;
    }
  }
  return d;
}

/**
 * Summed-area tables of the colour and the count of the pixels marked in `take`: the mean colour of any window in four
 * reads, so every outline pixel's window costs the same whatever its size.
 */
function windowMeans(image: AnalysisImage, take: Uint8Array) {
  const { width, height, rgb } = image;
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1) * 4);
  for (let y = 0; y < height; y++) {
    let r = 0;
    let g = 0;
    let b = 0;
    let n = 0;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (take[p]) {
        r += rgb[3 * p] ?? 0;
        g += rgb[3 * p + 1] ?? 0;
        b += rgb[3 * p + 2] ?? 0;
        n += 1;
      }
      const at = 4 * ((y + 1) * stride + x + 1);
      const above = at - 4 * stride;
      sums[at] = (sums[above] ?? 0) + r;
      sums[at + 1] = (sums[above + 1] ?? 0) + g;
      sums[at + 2] = (sums[above + 2] ?? 0) + b;
      sums[at + 3] = (sums[above + 3] ?? 0) + n;
    }
  }
  /** Mean colour of the accepted pixels of the window round (x, y), or undefined when it holds none. */
  return (x: number, y: number): number[] | undefined => {
    const x0 = Math.max(0, x - WINDOW);
    const y0 = Math.max(0, y - WINDOW);
    const x1 = Math.min(width, x + WINDOW + 1);
    const y1 = Math.min(height, y + WINDOW + 1);
    const total = (c: number) =>
      (sums[4 * (y1 * stride + x1) + c] ?? 0) -
      (sums[4 * (y0 * stride + x1) + c] ?? 0) -
      (sums[4 * (y1 * stride + x0) + c] ?? 0) +
      (sums[4 * (y0 * stride + x0) + c] ?? 0);
    const n = total(3);
    return n === 0 ? undefined : [total(0) / n, total(1) / n, total(2) / n];
  };
}

/** The car's share (0..1) of pixel p's colour, between the background's colour B and the car's F. */
function share(rgb: Uint8Array, p: number, B: number[], F: number[] | undefined): number {
  const I = [rgb[3 * p] ?? 0, rgb[3 * p + 1] ?? 0, rgb[3 * p + 2] ?? 0];
  const fromB = I.map((v, c) => v - (B[c] ?? 0));
  const toB = fromB.reduce((s, v) => s + v * v, 0);
  if (F) {
    const span = F.map((v, c) => v - (B[c] ?? 0));
    const length = span.reduce((s, v) => s + v * v, 0);
    if (length >= MIN_CONTRAST ** 2) {
      const along = fromB.reduce((s, v, c) => s + v * (span[c] ?? 0), 0) / length;
      const off = fromB.reduce((s, v, c) => s + (v - along * (span[c] ?? 0)) ** 2, 0);
      // On the line from B to F (or past F): a mixture of the two, read as one.
      if (along >= 0 && off <= OFF_LINE ** 2) return Math.min(1, along);
    }
  }
  // Off that line the pixel is a colour of neither (a white mirror beside a dark windscreen, before a grey wall):
  // it is kept as far as it does not look like the background.
  return 1 - Math.exp(-toB / (2 * LIKENESS ** 2));
}

/** The mask as alpha (0..255): 255 on the car, its outline's ring weighed by the car's share of each pixel. */
export function softEdge(image: AnalysisImage, labels: Uint8Array): Uint8Array {
  const { width, rgb } = image;
  const d = distances(labels, width, RING);
  // Plain loops: a typed array's from() with a mapping function costs more than everything else here.
  const alpha = new Uint8Array(labels.length);
  const isBackground = new Uint8Array(labels.length);
  const isInside = new Uint8Array(labels.length);
  for (let p = 0; p < labels.length; p++) {
    if (labels[p]) alpha[p] = 255;
    if (d[p] === 0) isBackground[p] = 1;
    else if ((d[p] ?? 0) > RING) isInside[p] = 1;
  }
  const background = windowMeans(image, isBackground);
  const car = windowMeans(image, isInside);
  for (let p = 0; p < labels.length; p++) {
    const ring = d[p] ?? 0;
    if (ring === 0 || ring > RING) continue;
    const x = p % width;
    const y = (p - x) / width;
    const B = background(x, y);
    if (!B) continue;
    const F = car(x, y);
    alpha[p] = Math.round(255 * share(rgb, p, B, F));
  }
  return alpha;
}
