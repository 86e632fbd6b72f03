import { BLUR_LIMITS, type BlurBox, type BlurRegion, forwardDistance, roundBox } from '@spinyard/domain';

/**
 * A spin's plate detections, frame by frame, joined into the blur editor's regions (domain media/blur-regions.ts):
 * one region per plate, a key frame where the plate was found, the key-frame track interpolating the box on the
 * frames between. So a plate the detector misses on a frame or two (a reflection, a steep angle) stays blurred
 * there, and the dealer edits the result as any other region. Readings (docs/decisions.md, "Plate blur"):
 * - A detection joins the plate found on one of the MAX_GAP frames before it whose box it meets (overlap, or
 *   centres closer than the boxes' size); else it starts a new plate. A longer gap ends the plate: a plate unseen
 *   for that long has left the picture (the car turned its side), and blurring a moving box across the side would
 *   hide the car for nothing.
 * - The spin is a circle: a plate still seen on the last frames and one seen from frame 0 that meet are one plate,
 *   its keys running over the seam. A plate seen all round (the gap over the seam no longer than MAX_GAP) is an
 *   `all_frames` region.
 * - A plate seen on a single frame of a spin of more than 2 frames is dropped as a false find: a real plate stays in
 *   sight for several frames of a turn.
 * - The blur reaches one frame beyond each end of a plate's arc, the box held: the frame before a plate is first
 *   read shows it at a steeper angle, still legible to a person more often than to the detector.
 * - At most BLUR_LIMITS.maxRegions regions, the plates seen longest first.
 */

export interface FoundPlate {
  box: BlurBox;
  confidence: number;
}

/** Frames a plate may go unseen and still be the same plate. */
export const MAX_GAP = 3;
const MIN_HITS = 2;

interface Track {
  keys: { frame: number; box: BlurBox }[];
}

const centre = (b: BlurBox) => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });

/** How well two boxes match: their overlap over the smaller one, or (apart) closeness of centres; 0 is no match. */
export function boxMatch(a: BlurBox, b: BlurBox): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  if (w > 0 && h > 0) return 1 + (w * h) / Math.min(a.w * a.h, b.w * b.h);
  const ca = centre(a);
  const cb = centre(b);
  const dx = Math.abs(ca.x - cb.x) / Math.max(a.w, b.w);
  const dy = Math.abs(ca.y - cb.y) / Math.max(a.h, b.h);
  return dx < 1.5 && dy < 1.5 ? 1 - Math.max(dx, dy) / 1.5 : 0;
}

/** Detections joined frame by frame (frame 0 to the last), not yet over the seam. */
function linkFrames(perFrame: readonly (readonly FoundPlate[])[]): Track[] {
  const tracks: Track[] = [];
  perFrame.forEach((found, frame) => {
    const taken = new Set<Track>();
    const ranked = [...found].sort((a, b) => b.confidence - a.confidence);
    for (const plate of ranked) {
      let best: Track | undefined;
      let bestScore = 0;
      for (const track of tracks) {
        const last = track.keys.at(-1)!;
        if (taken.has(track) || frame - last.frame > MAX_GAP) continue;
        const score = boxMatch(last.box, plate.box);
        if (score > bestScore) {
          bestScore = score;
          best = track;
        }
      }
      const track = best ?? { keys: [] };
      if (!best) tracks.push(track);
      track.keys.push({ frame, box: plate.box });
      taken.add(track);
    }
  });
  return tracks;
}

/** Plates on both sides of the seam joined: the one seen last before it, then the one seen first after it. */
function joinOverSeam(tracks: Track[], n: number): { track: Track; wraps: boolean }[] {
  const out = tracks.map((track) => ({ track, wraps: false }));
  for (const a of out) {
    const last = a.track.keys.at(-1)!;
    if (n - 1 - last.frame > MAX_GAP) continue;
    const first = a.track.keys[0]!;
    const b = out.find(
      (o) =>
        o !== a &&
        o.track.keys.length > 0 &&
        o.track.keys[0]!.frame + (n - last.frame) <= MAX_GAP + 1 &&
        o.track.keys.at(-1)!.frame < first.frame &&
        boxMatch(last.box, o.track.keys[0]!.box) > 0,
    );
    if (b) {
      a.track.keys.push(...b.track.keys);
      b.track.keys = [];
    }
  }
  for (const t of out) {
    const keys = t.track.keys;
    if (keys.length < 2) continue;
    // The way back from the last key round to the first: short enough, the plate is seen all round.
    t.wraps = forwardDistance(keys.at(-1)!.frame, keys[0]!.frame, n) <= MAX_GAP + 1;
  }
  return out.filter((t) => t.track.keys.length > 0);
}

/** The arc grown by one frame at each end with the end's box, when the circle leaves room for it. */
function widened(keys: Track['keys'], n: number): Track['keys'] {
  const span = forwardDistance(keys[0]!.frame, keys.at(-1)!.frame, n) + 1;
  if (span + 2 > n) return keys;
  const before = { frame: (keys[0]!.frame - 1 + n) % n, box: keys[0]!.box };
  const after = { frame: (keys.at(-1)!.frame + 1) % n, box: keys.at(-1)!.box };
  return [before, ...keys, after];
}

/**
 * The blur regions of a row of `perFrame.length` frames from what was found on each frame (index = frame order):
 * ids `plate-1`, `plate-2`... in the order of how long each plate was seen.
 */
export function trackPlates(perFrame: readonly (readonly FoundPlate[])[]): BlurRegion[] {
  const n = perFrame.length;
  if (n === 0) return [];
  const joined = joinOverSeam(linkFrames(perFrame), n)
    .filter((t) => n <= 2 || t.track.keys.length >= MIN_HITS)
    .sort((a, b) => b.track.keys.length - a.track.keys.length)
    .slice(0, BLUR_LIMITS.maxRegions);
  return joined.map((t, i) => ({
    id: `plate-${i + 1}`,
    shape: 'rect' as const,
    all_frames: t.wraps,
    keys: (t.wraps ? t.track.keys : widened(t.track.keys, n)).map((k) => ({ frame: k.frame, box: roundBox(k.box) })),
  }));
}
