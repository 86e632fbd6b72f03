import { forwardDistance, type HotspotKeyFrame, hotspotPositionAt } from '@spinyard/domain';

/**
 * Editing a hotspot's key frames (kept in order along the spin, as packages/domain media/hotspot-path.ts reads them):
 * placing a point on a frame makes or moves that frame's key; a frame outside the visible range stretches the range
 * on the nearer side, so the keys never lap the circle.
 */

const clamp = (v: number) => Math.min(1, Math.max(0, v));
const rounded = (v: number) => Math.round(clamp(v) * 10_000) / 10_000;

/** The keys with a point on `frame` (moved when it is a key, else added where it falls along the spin). */
export function placeKey(
  keys: readonly HotspotKeyFrame[],
  frame: number,
  point: { x: number; y: number },
  n: number,
): HotspotKeyFrame[] {
  const key = { frame, x: rounded(point.x), y: rounded(point.y) };
  const first = keys[0];
  if (!first) return [key];
  const at = keys.findIndex((k) => k.frame === frame);
  if (at >= 0) return keys.map((k, i) => (i === at ? key : k));
  const offsets = keys.map((k) => forwardDistance(first.frame, k.frame, n));
  const total = offsets[offsets.length - 1] ?? 0;
  const d = forwardDistance(first.frame, frame, n);
  if (d <= total) {
    const i = offsets.findIndex((o) => o > d);
    return [...keys.slice(0, i), key, ...keys.slice(i)];
  }
  // Outside the range: stretched past the last key or before the first, whichever is the shorter way round.
  return d - total <= n - d ? [...keys, key] : [key, ...keys];
}

/** The keys without `frame`'s (the last key stays: a hotspot has at least one). */
export function removeKey(keys: readonly HotspotKeyFrame[], frame: number): HotspotKeyFrame[] {
  if (keys.length <= 1) return [...keys];
  return keys.filter((k) => k.frame !== frame);
}

/** The point moved by (dx, dy) on `frame`: a key there moves, an interpolated point becomes a key. */
export function nudgeAt(
  keys: readonly HotspotKeyFrame[],
  frame: number,
  dx: number,
  dy: number,
  n: number,
): HotspotKeyFrame[] {
  const p = hotspotPositionAt(keys, frame, n);
  if (!p) return [...keys];
  return placeKey(keys, frame, { x: p.x + dx, y: p.y + dy }, n);
}

export const isKeyFrame = (keys: readonly HotspotKeyFrame[], frame: number) => keys.some((k) => k.frame === frame);

/** Arrow-key step: 1 % of the frame, a tenth of it with Alt. */
export const NUDGE_STEP = 0.01;
