import type { FrameSignature } from './loop.ts';

/**
 * The exterior spin's frames from a walk-around (issue 9), after the seamless loop (loop.ts) has found where the
 * turn closes: which decoded candidate becomes each frame, which way the walk turns, and the order that makes every
 * spin of the product turn the same way (the domain option `exterior_rotation_correction`).
 *
 * Readings (docs/decisions.md, "Media: the exterior pipeline"):
 * - The direction is read on the loop's signatures (grayscale thumbnails, row by row): between frames a couple of
 *   samples apart, the horizontal shift that best lines up the two pictures; the sum of those shifts over the turn
 *   says which way the picture moves. Content moving right to left (the shift is negative) is the product's way:
 *   what a walker going round the car to their right (anticlockwise seen from above) films, and what a turntable
 *   turning the car's near side to the left shows. A walk the other way is reversed: frame 0 stays first and the
 *   rest are taken backwards, so the spin starts on the same view and turns the product's way.
 * - A shift too small to read (under a tenth of a column a step on average, a picture that hardly moves
 *   sideways) is "unknown" and the order is kept.
 */

export type SpinDirection = 'right_to_left' | 'left_to_right' | 'unknown';

export interface DirectionReading {
  direction: SpinDirection;
  /** Mean horizontal shift between compared frames, in signature columns (negative: content moves to the left). */
  meanShift: number;
  /** Pairs of frames compared. */
  pairs: number;
}

export interface DirectionOptions {
  /** Signature width (columns per row). */
  width: number;
  /** Frames between the two compared (default 2). */
  lag?: number;
  /** Largest shift tried, in columns (default a quarter of the width). */
  maxShift?: number;
  /** Below this mean shift the direction is unknown (default 0.1 column). */
  minShift?: number;
}

/**
 * The horizontal shift d (in columns) for which b[x + d] best matches a[x]: the mean absolute difference over the
 * columns both pictures share, for every d within maxShift; the smallest wins (ties to the smaller |d|).
 */
export function horizontalShift(a: FrameSignature, b: FrameSignature, width: number, maxShift: number): number {
  const rows = Math.floor(a.length / width);
  let best = 0;
  let bestCost = Number.POSITIVE_INFINITY;
  for (let k = 0; k <= 2 * maxShift; k++) {
    // 0, -1, 1, -2, 2, ...: the smaller shift wins a tie.
    const d = k % 2 === 0 ? k / 2 : -(k + 1) / 2;
    if (Math.abs(d) >= width) continue;
    let sum = 0;
    let count = 0;
    const from = Math.max(0, -d);
    const to = Math.min(width, width - d);
    for (let y = 0; y < rows; y++) {
      const row = y * width;
      for (let x = from; x < to; x++) {
        sum += Math.abs(a[row + x]! - b[row + x + d]!);
        count += 1;
      }
    }
    const cost = count === 0 ? Number.POSITIVE_INFINITY : sum / count;
    if (cost < bestCost) {
      bestCost = cost;
      best = d;
    }
  }
  return best;
}

/** Which way the picture moves over frames [from, to) of the signatures. */
export function spinDirection(
  signatures: readonly FrameSignature[],
  options: DirectionOptions,
  from = 0,
  to = signatures.length,
): DirectionReading {
  const lag = Math.max(1, Math.floor(options.lag ?? 2));
  const maxShift = Math.max(1, Math.floor(options.maxShift ?? options.width / 4));
  const minShift = options.minShift ?? 0.1;
  const end = Math.min(signatures.length, Math.ceil(to));
  let sum = 0;
  let pairs = 0;
  for (let i = Math.max(0, Math.floor(from)); i + lag < end; i++) {
    sum += horizontalShift(signatures[i]!, signatures[i + lag]!, options.width, maxShift);
    pairs += 1;
  }
  if (pairs === 0) return { direction: 'unknown', meanShift: 0, pairs };
  // Per compared pair; per sampled step it is this over the lag.
  const meanShift = sum / pairs;
  if (Math.abs(meanShift) / lag < minShift) return { direction: 'unknown', meanShift, pairs };
  return { direction: meanShift < 0 ? 'right_to_left' : 'left_to_right', meanShift, pairs };
}

/** The product's way for every spin (see the readings above). */
export const SPIN_DIRECTION: SpinDirection = 'right_to_left';

/** Whether a spin read as `direction` is reversed when rotation correction is on. */
export const reverseForCorrection = (direction: SpinDirection): boolean =>
  direction !== 'unknown' && direction !== SPIN_DIRECTION;

/** The frames' order: as extracted, or reversed with frame 0 first (0, n-1, n-2, ..., 1). */
export function spinOrder(count: number, reversed: boolean): number[] {
  return Array.from({ length: count }, (_, k) => (reversed && k > 0 ? count - k : k));
}

/**
 * For each wanted time, the candidate nearest to it (candidates' times ascending); -1 when there is none. The
 * candidates are the frames decoded at the spin's size, denser than the spin's frames, so the nearest one is at
 * most half a candidate slice away.
 */
export function nearestCandidates(wanted: readonly number[], candidateTimes: readonly number[]): number[] {
  return wanted.map((t) => {
    if (candidateTimes.length === 0) return -1;
    let lo = 0;
    let hi = candidateTimes.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (candidateTimes[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0 && Math.abs(candidateTimes[lo - 1]! - t) <= Math.abs(candidateTimes[lo]! - t)) return lo - 1;
    return lo;
  });
}

/** The spin's frame size for a video of `video` pixels: inside the exterior size's box, never enlarged, even. */
export function spinFrameSize(
  video: { width: number; height: number },
  box: { width: number; height: number },
): { width: number; height: number } {
  const scale = Math.min(1, box.width / video.width, box.height / video.height);
  const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));
  return { width: even(video.width * scale), height: even(video.height * scale) };
}
