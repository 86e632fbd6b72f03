/**
 * The spin's frames over the turn turn.ts found: angles read between signatures, and the frames chosen evenly by
 * angle (issue 18: never the same angle twice, never a step back).
 */

/** Value of a piecewise linear function (xs ascending) at x, held past either end. */
export function interpolate(xs: readonly number[], ys: readonly number[], x: number): number {
  if (xs.length === 0) return 0;
  if (x <= xs[0]!) return ys[0]!;
  if (x >= xs.at(-1)!) return ys.at(-1)!;
  let lo = 0;
  let hi = xs.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! <= x) lo = mid;
    else hi = mid;
  }
  const span = xs[hi]! - xs[lo]!;
  return span === 0 ? ys[lo]! : ys[lo]! + ((x - xs[lo]!) / span) * (ys[hi]! - ys[lo]!);
}

/**
 * The spin's `count` frames evenly by angle over one turn [0, turnAngle): for each even angle a candidate (their
 * angles in time order, so never decreasing), each candidate later than the one before and of a larger angle, so no
 * angle comes twice and none steps back; the sum of the misses is the least such choice allows (a monotone
 * assignment, by dynamic programming). Fewer distinct angles than frames: candidates later in time, angles may tie.
 * Returns the candidates' indices; empty when there are fewer candidates than frames.
 */
export function framesByAngle(candidateAngles: readonly number[], count: number, turnAngle: number): number[] {
  const m = candidateAngles.length;
  if (count <= 0 || m < count) return [];
  const distinct = new Set(candidateAngles.filter((a) => a < turnAngle)).size;
  const strict = distinct >= count;
  // first[j]: the first candidate of j's angle; a strict choice before j must come before it.
  const first = new Int32Array(m);
  for (let j = 1; j < m; j++) first[j] = candidateAngles[j] === candidateAngles[j - 1] ? first[j - 1]! : j;
  const from = new Int32Array(count * m).fill(-1);
  let previous = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
  for (let k = 0; k < count; k++) {
    const target = (k * turnAngle) / count;
    const current = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
    let bestCost = Number.POSITIVE_INFINITY;
    let bestAt = -1;
    let scanned = 0;
    for (let j = 0; j < m; j++) {
      const limit = strict ? first[j]! : j;
      while (scanned < limit) {
        if (previous[scanned]! < bestCost) {
          bestCost = previous[scanned]!;
          bestAt = scanned;
        }
        scanned += 1;
      }
      const miss = Math.abs(candidateAngles[j]! - target);
      if (k === 0) current[j] = miss;
      else if (bestAt >= 0) {
        current[j] = bestCost + miss;
        from[k * m + j] = bestAt;
      }
    }
    previous = current;
  }
  let end = -1;
  for (let j = 0; j < m; j++) if (end < 0 || previous[j]! < previous[end]!) end = j;
  if (end < 0 || !Number.isFinite(previous[end]!)) return [];
  const chosen: number[] = new Array(count);
  for (let k = count - 1; k >= 0; k--) {
    chosen[k] = end;
    end = from[k * m + end]!;
  }
  return chosen;
}
