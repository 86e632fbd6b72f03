import { type HotspotKeyFrame, hotspotPositionAt, setTrackKey } from '@spinyard/domain';

/**
 * Editing a hotspot's key frames (the domain's key-frame track, packages/domain keyframes/track.ts):
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
  return setTrackKey(keys, { frame, x: rounded(point.x), y: rounded(point.y) }, n);
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
