/**
 * How unlike two normalised signatures are, for the turn finder (turn.ts): plainly, and forgiving a hand's drift.
 * The close is compared across seconds of video, in which a phone held by hand wanders a few pixels, turns and
 * zooms a little; the steps between neighbouring frames are not (a small turn also looks like a shift there).
 */

/** Mean absolute difference. */
export function distance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return a.length === 0 ? 0 : sum / a.length;
}

/** Signature width the shift-tolerant comparison assumes (the pipeline's 32 x 18 thumbnails). */
export const TURN_SIGNATURE_WIDTH = 32;
/** Pixels of drift (either way, each axis) the close's comparison forgives: 1 of 32 is 15 of 480. */
const DRIFT = 1;

/**
 * The least mean difference over small shifts of one signature against the other (overlap only): a hand that
 * drifts a few pixels between the start and the close is the same view. Used for the close only, never for the
 * steps, since a small turn also looks like a shift.
 */
export function driftDistance(a: Float32Array, b: Float32Array, width: number): number {
  const height = Math.floor(a.length / width);
  if (height * width !== a.length || height <= 2 * DRIFT || width <= 2 * DRIFT) return distance(a, b);
  let best = Number.POSITIVE_INFINITY;
  for (let dy = -DRIFT; dy <= DRIFT; dy++) {
    for (let dx = -DRIFT; dx <= DRIFT; dx++) {
      let sum = 0;
      let count = 0;
      for (let y = Math.max(0, -dy); y < Math.min(height, height - dy); y++) {
        const row = y * width;
        const shifted = (y + dy) * width + dx;
        for (let x = Math.max(0, -dx); x < Math.min(width, width - dx); x++) {
          sum += Math.abs(a[row + x]! - b[shifted + x]!);
          count += 1;
        }
      }
      best = Math.min(best, sum / count);
    }
  }
  return best;
}

/** Mean difference of `a` against `b` moved by (dx, dy) pixels, read between pixels, over the overlap. */
function shiftedDistance(a: Float32Array, b: Float32Array, width: number, dx: number, dy: number): number {
  const height = a.length / width;
  const fx = Math.floor(dx);
  const fy = Math.floor(dy);
  const wx = dx - fx;
  const wy = dy - fy;
  let sum = 0;
  let count = 0;
  for (let y = Math.max(0, -fy); y < Math.min(height, height - fy - 1); y++) {
    const top = (y + fy) * width + fx;
    const bottom = top + width;
    for (let x = Math.max(0, -fx); x < Math.min(width, width - fx - 1); x++) {
      const upper = b[top + x]! * (1 - wx) + b[top + x + 1]! * wx;
      const lower = b[bottom + x]! * (1 - wx) + b[bottom + x + 1]! * wx;
      sum += Math.abs(a[y * width + x]! - (upper * (1 - wy) + lower * wy));
      count += 1;
    }
  }
  return count === 0 ? distance(a, b) : sum / count;
}

/** Half-pixel steps of the close's confirmation: a drift of 1.3 pixels must not read as another view. */
const FINE = 0.5;
const FINE_DRIFT = 1.5;

/** driftDistance read between pixels, up to FINE_DRIFT either way: for the few places checked as the close. */
export function fineDriftDistance(a: Float32Array, b: Float32Array, width: number): number {
  const height = Math.floor(a.length / width);
  if (height * width !== a.length || height <= 4 * FINE_DRIFT || width <= 4 * FINE_DRIFT) return distance(a, b);
  let best = Number.POSITIVE_INFINITY;
  for (let dy = -FINE_DRIFT; dy <= FINE_DRIFT; dy += FINE) {
    for (let dx = -FINE_DRIFT; dx <= FINE_DRIFT; dx += FINE)
      best = Math.min(best, shiftedDistance(a, b, width, dx, dy));
  }
  return best;
}
