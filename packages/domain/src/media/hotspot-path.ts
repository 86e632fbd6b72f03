import { forwardDistance } from './blur-regions.ts';

/**
 * Where an exterior hotspot stands on each frame of its row (issue 10, "a position on the first and on the last
 * frame of the range where it is visible, interpolated in between, so one hotspot follows the car as it turns").
 *
 * The same readings as the blur regions (media/blur-regions.ts, docs/decisions.md "Hotspots"):
 * - A point is x, y as fractions of the frame (0..1 from the top-left), so it fits every rendition of a frame.
 * - Key frames are kept in order ALONG THE SPIN, which is a circle: from the first key frame forward (wrapping
 *   after the row's last frame to frame 0) through each following key. A hotspot keyed on frame 33 and frame 3 of
 *   36 is visible on 33, 34, 35, 0, 1, 2, 3. The keys may not lap the circle.
 * - Visible from the first to the last key frame, the point interpolated linearly between neighbouring keys;
 *   absent elsewhere. One key frame: on that frame only.
 */

export interface HotspotKeyFrame {
  /** 0-based index of the frame in its row. */
  frame: number;
  x: number;
  y: number;
}

export interface HotspotPoint {
  x: number;
  y: number;
}

/** Offsets of each key from the first, along the order of the keys. */
function offsets(keys: readonly HotspotKeyFrame[], n: number): number[] {
  const out = [0];
  for (let i = 1; i < keys.length; i++) out.push(out[i - 1]! + forwardDistance(keys[i - 1]!.frame, keys[i]!.frame, n));
  return out;
}

/** The hotspot's point on `frame` of a row of `frameCount` frames, or null where it is not visible. */
export function hotspotPositionAt(
  keyFrames: readonly HotspotKeyFrame[],
  frame: number,
  frameCount: number,
): HotspotPoint | null {
  const first = keyFrames[0];
  if (!first || frameCount <= 0 || !Number.isInteger(frame) || frame < 0 || frame >= frameCount) return null;
  if (keyFrames.length === 1) return first.frame === frame ? { x: first.x, y: first.y } : null;
  const at = offsets(keyFrames, frameCount);
  const last = at.length - 1;
  const p = forwardDistance(first.frame, frame, frameCount);
  if (p > at[last]!) return null;
  let i = 0;
  while (i < last - 1 && at[i + 1]! < p) i++;
  const span = at[i + 1]! - at[i]!;
  const t = span === 0 ? 0 : (p - at[i]!) / span;
  const a = keyFrames[i]!;
  const b = keyFrames[i + 1]!;
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** The frames (ascending) on which the hotspot is visible: what the viewer's frame index is built from. */
export function hotspotFrames(keyFrames: readonly HotspotKeyFrame[], frameCount: number): number[] {
  const frames: number[] = [];
  for (let f = 0; f < frameCount; f++) if (hotspotPositionAt(keyFrames, f, frameCount)) frames.push(f);
  return frames;
}

export interface HotspotKeyProblem {
  /** Below the key frames: `[2, 'frame']`, or `[]` for the list as a whole. */
  path: (string | number)[];
  message: string;
}

/** What is wrong with key frames for a row of `frameCount` frames: frames of the row, each once, not lapping. */
export function hotspotKeyProblems(keyFrames: readonly HotspotKeyFrame[], frameCount: number): HotspotKeyProblem[] {
  const problems: HotspotKeyProblem[] = [];
  const seen = new Set<number>();
  keyFrames.forEach((key, i) => {
    if (key.frame >= frameCount) {
      problems.push({ path: [i, 'frame'], message: `The row has ${frameCount} frames (0 to ${frameCount - 1}).` });
    } else if (seen.has(key.frame)) {
      problems.push({ path: [i, 'frame'], message: 'A frame has one key frame at most.' });
    }
    seen.add(key.frame);
  });
  if (problems.length === 0 && keyFrames.length > 1) {
    const at = offsets(keyFrames, frameCount);
    if (at[at.length - 1]! >= frameCount) {
      problems.push({ path: [], message: 'The key frames go round the spin more than once.' });
    }
  }
  return problems;
}
