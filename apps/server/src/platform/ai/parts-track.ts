/**
 * Detections of one part on the frames of a spin row joined into tracks, the hotspot's key frames (the key-frame
 * track of packages/domain media/hotspot-path.ts): a part seen on a frame is looked for near where it was on the
 * frame before (or the one before that, so one missed frame does not cut a track), along the spin's circle. A
 * detection no neighbour confirms is dropped: what one frame alone shows is more often a look-alike than a part.
 */

export interface PartPoint {
  /** 0-based frame of the row. */
  frame: number;
  /** Fractions of the frame. */
  x: number;
  y: number;
}

export interface TrackRules {
  /** Largest move between two frames a step apart, fractions of the frame. */
  maxStepX: number;
  maxStepY: number;
  /** Fewest detections a kept track has. */
  minLength: number;
  /** Most key frames a track keeps (the hotspot's bound); the rest are interpolated. */
  maxKeys: number;
}

export const PART_TRACK_RULES: TrackRules = { maxStepX: 0.1, maxStepY: 0.07, minLength: 4, maxKeys: 36 };

/** Points spread evenly over a track, its first and last kept. */
export function thinned(points: readonly PartPoint[], max: number): PartPoint[] {
  if (points.length <= max) return [...points];
  return Array.from({ length: max }, (_, i) => points[Math.round((i * (points.length - 1)) / (max - 1))] as PartPoint);
}

/**
 * The tracks of the detections on a row of `frameCount` frames (`perFrame[f]` the points found on frame f), each
 * in spin order (a track may run past the row's last frame on to frame 0), longest first.
 */
export function partTracks(
  perFrame: readonly (readonly { x: number; y: number }[])[],
  frameCount: number,
  rules: TrackRules = PART_TRACK_RULES,
): PartPoint[][] {
  const tracks: PartPoint[][] = [];
  const near = (a: PartPoint, b: { x: number; y: number }, gap: number) =>
    Math.abs(a.x - b.x) <= rules.maxStepX * gap && Math.abs(a.y - b.y) <= rules.maxStepY * gap;
  for (let frame = 0; frame < frameCount; frame++) {
    const taken = new Set<PartPoint[]>();
    for (const point of perFrame[frame] ?? []) {
      let best: PartPoint[] | undefined;
      let bestDistance = Number.POSITIVE_INFINITY;
      for (const track of tracks) {
        const last = track.at(-1) as PartPoint;
        const gap = frame - last.frame;
        if (taken.has(track) || gap < 1 || gap > 2 || !near(last, point, gap)) continue;
        const distance = Math.hypot(last.x - point.x, last.y - point.y);
        if (distance < bestDistance) {
          best = track;
          bestDistance = distance;
        }
      }
      const next = { frame, x: point.x, y: point.y };
      if (best) {
        best.push(next);
        taken.add(best);
      } else {
        const started = [next];
        tracks.push(started);
        taken.add(started);
      }
    }
  }
  joinAcrossWrap(tracks, frameCount, near);
  return tracks
    .filter((t) => t.length >= rules.minLength)
    .sort((a, b) => b.length - a.length)
    .map((t) => thinned(t, rules.maxKeys));
}

/** A track ending on the row's last frames continued by one starting on its first frames: one track round frame 0. */
function joinAcrossWrap(
  tracks: PartPoint[][],
  frameCount: number,
  near: (a: PartPoint, b: { x: number; y: number }, gap: number) => boolean,
): void {
  for (const tail of tracks) {
    const last = tail.at(-1);
    if (!last || last.frame < frameCount - 2) continue;
    const head = tracks.find((h) => {
      const first = h[0];
      if (!first) return false;
      const gap = first.frame + frameCount - last.frame;
      return h !== tail && gap <= 2 && near(last, first, gap) && h.length + tail.length < frameCount;
    });
    if (!head) continue;
    tail.push(...head);
    head.length = 0;
  }
  for (let i = tracks.length - 1; i >= 0; i--) if (tracks[i]?.length === 0) tracks.splice(i, 1);
}
