import type { AnalysisImage } from '../media/media.ts';
import { followPatch } from './parts-headlights.ts';
import { type PartPoint, thinned } from './parts-track.ts';

/**
 * A mirror-symmetric pair of parts seen on a spin's front frame (headlights, side mirrors) followed round to the
 * neighbouring frames by their patches (parts-headlights.ts followPatch), as far as each may still be seen. A car
 * turning away from the front shows its near part of the pair long after the far one went behind the front corner
 * or the windscreen; the far one is the part on the side the pair moves to (the car's front swings that way).
 */

type Point = { x: number; y: number };

/** How far round the near and the far part of the pair are followed, shares of a turn each way. */
export interface PairReach {
  near: number;
  far: number;
}

/**
 * Farthest sideways move of a part between two frames, a share of the width per degree of turn between them: 8 % at
 * the bench spin's 7 degrees, so a 24-frame spin's 15 degrees look twice as far (docs/operations.md).
 */
const MOVE_PER_DEGREE = 0.08 / 7;
const MOVE_MAX = 0.2;

/** Frames to follow a part: at least one. */
const framesOf = (share: number, n: number) => Math.max(1, Math.round(share * n));

/** Both parts followed one way round; without a first step of both, each to the far reach only. */
function oneWay(
  frames: readonly AnalysisImage[],
  front: number,
  pair: { left: Point; right: Point },
  half: number,
  step: 1 | -1,
  reach: PairReach,
) {
  const n = frames.length;
  const far = framesOf(reach.far, n);
  const move = Math.min(MOVE_MAX, Math.max(0.08, (MOVE_PER_DEGREE * 360) / n));
  const left = followPatch(frames, front, pair.left, step, framesOf(reach.near, n), half, move);
  const right = followPatch(frames, front, pair.right, step, framesOf(reach.near, n), half, move);
  const [l, r] = [left[0], right[0]];
  if (!l || !r) return { left: left.slice(0, far), right: right.slice(0, far) };
  const movesRight = l.x + r.x > pair.left.x + pair.right.x;
  return movesRight ? { left, right: right.slice(0, far) } : { left: left.slice(0, far), right };
}

/** The key frames of the pair's two parts round the front frame (`half`: the patch's half side, pixels). */
export function followedPair(
  frames: readonly AnalysisImage[],
  front: number,
  pair: { left: Point; right: Point },
  half: number,
  reach: PairReach,
): PartPoint[][] {
  const back = oneWay(frames, front, pair, half, -1, reach);
  const on = oneWay(frames, front, pair, half, 1, reach);
  const track = (before: PartPoint[], at: Point, after: PartPoint[]) =>
    thinned([...[...before].reverse(), { frame: front, ...at }, ...after], 36);
  return [track(back.left, pair.left, on.left), track(back.right, pair.right, on.right)];
}
