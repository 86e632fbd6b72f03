/**
 * A key-frame track round a spin: what a blur region's box (media/blur-regions.ts) and an exterior hotspot's
 * point (media/hotspot-path.ts) both follow, for the server that renders and checks them and the console that
 * draws and edits them. Readings (docs/decisions.md, "Media: blur regions" and "Hotspots"):
 * - A row of `n` frames is a circle. Keys are kept in their own order ALONG THE SPIN: from the first key forward
 *   (index + 1, wrapping after the row's last frame to frame 0) through each following key. Keys on frame 33 and
 *   frame 3 of 36 cover 33, 34, 35, 0, 1, 2, 3, not 3..33. The keys may not lap the circle.
 * - The track is present from its first to its last key along that order, its value interpolated linearly between
 *   neighbouring keys; absent elsewhere, unless it `wraps`: then it is present on every frame, and the stretch from
 *   its last key round to its first is interpolated too. One key: on that frame only, or on every frame if it wraps.
 * - A key set outside the arc extends the arc at the nearer end (forward from the last key or backward from the
 *   first; forward on a tie).
 */

/** A key of a track: a 0-based frame index of the row, and whatever value the track carries there. */
export interface TrackKey {
  frame: number;
}

/** Steps from `from` to `to` going forward round a circle of `n` frames (0 when equal). */
export function forwardDistance(from: number, to: number, n: number): number {
  return (((to - from) % n) + n) % n;
}

/** Offsets of each key from the first along the track's order (0 for the first). */
export function keyOffsets(keys: readonly TrackKey[], n: number): number[] {
  const offsets = [0];
  for (let i = 1; i < keys.length; i++) {
    offsets.push(offsets[i - 1]! + forwardDistance(keys[i - 1]!.frame, keys[i]!.frame, n));
  }
  return offsets;
}

/** How many frames the track covers (its arc), of a row of `n`. */
export function trackSpan(keys: readonly TrackKey[], n: number, wraps = false): number {
  if (wraps) return n;
  const offsets = keyOffsets(keys, n);
  return offsets[offsets.length - 1]! + 1;
}

/** Where a frame falls on a track: between key `from` and key `to`, `t` of the way (0..1). */
export interface TrackPlace {
  from: number;
  to: number;
  t: number;
}

/** Where `frame` of a row of `n` frames falls on the track, or null where the track is absent. */
export function trackPlaceAt(keys: readonly TrackKey[], frame: number, n: number, wraps = false): TrackPlace | null {
  const first = keys[0];
  if (!first || n <= 0) return null;
  if (keys.length === 1) return wraps || first.frame === frame ? { from: 0, to: 0, t: 0 } : null;
  const offsets = keyOffsets(keys, n);
  const last = offsets.length - 1;
  const p = forwardDistance(first.frame, frame, n);
  const end = offsets[last]!;
  if (p <= end) {
    let i = 0;
    while (i < last - 1 && offsets[i + 1]! < p) i++;
    const span = offsets[i + 1]! - offsets[i]!;
    return { from: i, to: i + 1, t: span === 0 ? 0 : (p - offsets[i]!) / span };
  }
  if (!wraps) return null;
  // Wrapping: from the last key (at `end`) forward round to the first (at `n`).
  return { from: last, to: 0, t: (p - end) / (n - end) };
}

/**
 * The track's value on `frame`, or null where it is absent: the key's own value on a lone key, else `between` the
 * two neighbouring keys' values.
 */
export function trackValueAt<K extends TrackKey, V>(
  keys: readonly K[],
  frame: number,
  n: number,
  value: (key: K) => V,
  between: (a: V, b: V, t: number) => V,
  wraps = false,
): V | null {
  const place = trackPlaceAt(keys, frame, n, wraps);
  if (!place) return null;
  const a = value(keys[place.from]!);
  return place.from === place.to ? a : between(a, value(keys[place.to]!), place.t);
}

/** The value `t` of the way (0..1) from `a` to `b`. */
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/**
 * The keys with `key` set: a key on the same frame is replaced; a frame inside the arc (or anywhere round a
 * wrapping track of two keys or more) is inserted in order; a frame outside extends the arc at the nearer end.
 */
export function setTrackKey<K extends TrackKey>(keys: readonly K[], key: K, n: number, wraps = false): K[] {
  const at = keys.findIndex((k) => k.frame === key.frame);
  if (at >= 0) return keys.map((k, i) => (i === at ? key : k));
  const first = keys[0];
  if (!first) return [key];
  const offsets = keyOffsets(keys, n);
  const end = offsets[offsets.length - 1]!;
  const p = forwardDistance(first.frame, key.frame, n);
  if (p < end || (wraps && keys.length > 1)) {
    // Inside the arc, or anywhere round the circle of a wrapping track: after the last key before it.
    const index = p < end ? offsets.findIndex((o) => o > p) : keys.length;
    return [...keys.slice(0, index), key, ...keys.slice(index)];
  }
  const ahead = p - end;
  const behind = forwardDistance(key.frame, first.frame, n);
  return ahead <= behind ? [...keys, key] : [key, ...keys];
}

export interface TrackProblem {
  /** Below the keys: `[2, 'frame']`, or `[]` for the keys as a whole. */
  path: (string | number)[];
  message: string;
}

/** What is wrong with keys for a row of `n` frames (empty when nothing): frames of the row, each once, not lapping. */
export function trackProblems(keys: readonly TrackKey[], n: number): TrackProblem[] {
  const problems: TrackProblem[] = [];
  const seen = new Set<number>();
  keys.forEach((key, i) => {
    if (key.frame >= n) problems.push({ path: [i, 'frame'], message: `The row has ${n} frames (0 to ${n - 1}).` });
    if (seen.has(key.frame)) problems.push({ path: [i, 'frame'], message: 'A frame has one key frame at most.' });
    seen.add(key.frame);
  });
  if (problems.length === 0 && trackSpan(keys, n) > n) {
    problems.push({ path: [], message: 'The key frames go round the spin more than once.' });
  }
  return problems;
}
