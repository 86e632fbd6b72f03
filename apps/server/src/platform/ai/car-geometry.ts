import type { CarMask } from './car-mask.ts';

/**
 * Rotation correction of a spin (issue 23, point 3: "the car level and the same size in every frame"), from each
 * frame's car mask (car-mask.ts). Per frame, the car's pose: where it stands (the middle of its box at the bottom),
 * how tall it is (a car's height hardly changes as it turns, its length does), and how far its ground line leans
 * (the line under its lowest points, the tyres, left and right). Then one similarity transform per frame (turn,
 * scale, shift) that brings every pose to the spin's median pose. Readings (docs/decisions.md, "Rotation correction"):
 * - Corrections are bounded (MAX_TILT, MAX_SCALE_STEP): a mask that went wrong moves its frame a little, never far.
 * - A frame where no car was found is left as it is (identity), and so are all frames when fewer than half have one.
 * - The ground line is read only when both ends stand on the box's bottom band: a car seen from its front or back
 *   shows its two tyres close together, and a lean read there is noise.
 */

export interface CarPose {
  /** Bottom middle of the car's box, as fractions of the frame. */
  foot: { x: number; y: number };
  /** Box height as a fraction of the frame's height. */
  height: number;
  /** Lean of the ground line in radians (positive: the right side lower), or 0 when unread. */
  tilt: number;
}

/** A similarity transform of a frame: turn by `angle` (radians, clockwise on screen) and scale by `scale` about the
 * car's foot, then move the foot by `shift` (fractions of the frame's width and height). */
export interface FrameCorrection {
  angle: number;
  scale: number;
  pivot: { x: number; y: number };
  shift: { x: number; y: number };
}

export const IDENTITY: FrameCorrection = { angle: 0, scale: 1, pivot: { x: 0.5, y: 0.5 }, shift: { x: 0, y: 0 } };

const MAX_TILT = (4 * Math.PI) / 180;
const MAX_SCALE_STEP = 0.2;
/** The ends of the ground line are each side's lowest point in the outer third of the box. */
const SIDE_SHARE = 1 / 3;
/** Both ends within this share of the box's height from its bottom, else the lean is not read. */
const GROUND_BAND = 0.12;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** The lowest car pixel of columns x0..x1 (mask pixels): its column and row, or undefined. */
function lowest(mask: CarMask, x0: number, x1: number): { x: number; y: number } | undefined {
  let best: { x: number; y: number } | undefined;
  for (let x = x0; x < x1; x++) {
    for (let y = mask.height - 1; y >= 0; y--) {
      if (!mask.alpha[y * mask.width + x]) continue;
      if (!best || y > best.y) best = { x, y };
      break;
    }
  }
  return best;
}

export function carPose(mask: CarMask): CarPose | undefined {
  const box = mask.box;
  if (!box) return undefined;
  const x0 = Math.round(box.x * mask.width);
  const x1 = Math.round((box.x + box.w) * mask.width);
  const side = Math.max(1, Math.round((x1 - x0) * SIDE_SHARE));
  const left = lowest(mask, x0, x0 + side);
  const right = lowest(mask, x1 - side, x1);
  const bottom = (box.y + box.h) * mask.height;
  const band = GROUND_BAND * box.h * mask.height;
  let tilt = 0;
  if (left && right && bottom - left.y <= band && bottom - right.y <= band && right.x > left.x) {
    tilt = Math.atan2(right.y - left.y, right.x - left.x);
  }
  return { foot: { x: box.x + box.w / 2, y: box.y + box.h }, height: box.h, tilt };
}

const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));

/**
 * One correction per frame bringing each pose to the spin's median foot and height, levelled. `aspect` is the
 * frames' width over height (a lean is measured in pixels, which are square in the mask).
 */
export function spinCorrections(poses: readonly (CarPose | undefined)[]): FrameCorrection[] {
  const found = poses.filter((p): p is CarPose => p !== undefined);
  if (found.length === 0 || found.length * 2 < poses.length) return poses.map(() => IDENTITY);
  const footX = median(found.map((p) => p.foot.x));
  const footY = median(found.map((p) => p.foot.y));
  const height = median(found.map((p) => p.height));
  return poses.map((pose) => {
    if (!pose) return IDENTITY;
    return {
      angle: -clamp(pose.tilt, -MAX_TILT, MAX_TILT),
      scale: clamp(height / pose.height, 1 - MAX_SCALE_STEP, 1 + MAX_SCALE_STEP),
      pivot: pose.foot,
      shift: { x: footX - pose.foot.x, y: footY - pose.foot.y },
    };
  });
}

/** Below these a car does not visibly move between frames, and rendering the frame again would only cost quality. */
const MIN_TURN = (0.3 * Math.PI) / 180;
const MIN_SCALE = 0.01;
const MIN_SHIFT = 0.005;

/** Whether a correction is worth rendering: a turn, a scale or a shift the eye would see between frames. */
export function matters(c: FrameCorrection): boolean {
  return (
    Math.abs(c.angle) >= MIN_TURN ||
    Math.abs(c.scale - 1) >= MIN_SCALE ||
    Math.abs(c.shift.x) >= MIN_SHIFT ||
    Math.abs(c.shift.y) >= MIN_SHIFT
  );
}
