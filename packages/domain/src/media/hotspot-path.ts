import { lerp, type TrackProblem, trackProblems, trackValueAt } from '../keyframes/track.ts';

/**
 * Where an exterior hotspot stands on each frame of its row (issue 10, "a position on the first and on the last
 * frame of the range where it is visible, interpolated in between, so one hotspot follows the car as it turns").
 *
 * The same key-frame track as the blur regions (keyframes/track.ts, docs/decisions.md "Hotspots"):
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

/** The hotspot's point on `frame` of a row of `frameCount` frames, or null where it is not visible. */
export function hotspotPositionAt(
  keyFrames: readonly HotspotKeyFrame[],
  frame: number,
  frameCount: number,
): HotspotPoint | null {
  if (!Number.isInteger(frame) || frame < 0 || frame >= frameCount) return null;
  const point = (key: HotspotKeyFrame): HotspotPoint => ({ x: key.x, y: key.y });
  const between = (a: HotspotPoint, b: HotspotPoint, t: number) => ({ x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t) });
  return trackValueAt(keyFrames, frame, frameCount, point, between);
}

/** The frames (ascending) on which the hotspot is visible: what the viewer's frame index is built from. */
export function hotspotFrames(keyFrames: readonly HotspotKeyFrame[], frameCount: number): number[] {
  const frames: number[] = [];
  for (let f = 0; f < frameCount; f++) if (hotspotPositionAt(keyFrames, f, frameCount)) frames.push(f);
  return frames;
}

/** Below the key frames: `[2, 'frame']`, or `[]` for the list as a whole. */
export type HotspotKeyProblem = TrackProblem;

/** What is wrong with key frames for a row of `frameCount` frames: frames of the row, each once, not lapping. */
export function hotspotKeyProblems(keyFrames: readonly HotspotKeyFrame[], frameCount: number): HotspotKeyProblem[] {
  return trackProblems(keyFrames, frameCount);
}
