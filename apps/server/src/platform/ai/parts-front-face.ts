import type { AnalysisImage } from '../media/media.ts';
import { type CarMask, segmentCar } from './car-mask.ts';
import { redShare } from './front-detection.ts';
import { bestPair, edgesOf, grayPicture, type HeadlightPair } from './parts-headlights.ts';

/**
 * The front face of a car without a plate to anchor it (docs/decisions.md "Automatic annotation"): on the spin's
 * front frame (front detection's mirror axis) the car's silhouette (car-mask.ts) is widest near its top where the
 * side mirrors stick out at the windscreen's foot, a bump on both sides with the narrower bonnet below. The mirrors
 * give the car's width, its mirror axis and a height: the headlights are then the most detailed mirror-symmetric
 * pair of patches below the mirrors by a seventh to two fifths of their span, either side of the axis near the
 * silhouette's sides. Only the top of the silhouette is read: its bottom on a studio floor is the car's shadow.
 *
 * What it cannot do, said as it is: a car whose mirrors do not stick out of its silhouette from the front (folded,
 * a van's body as wide as them, a mask that lost them against a background of their colour) gets neither mirrors nor
 * headlights; lamps set much lower or higher than a hatchback's or a saloon's (a lorry, a tall SUV's split lamps),
 * or hidden in a dark grille, give no or wrong lamps.
 */

export interface FrontFace {
  /** The mirrors' outer tips row and their span, pixels of the mask (the same size as the analysis frame). */
  row: number;
  left: number;
  right: number;
  mirrors: { left: { x: number; y: number }; right: { x: number; y: number } };
}

/** The rows read for the mirrors: the silhouette's top part (a front view's mirrors are well above its middle). */
const TOP_SHARE = 0.55;
/**
 * Below the mirrors the silhouette narrows within this share of their span, on each side by NOTCH_MIN to NOTCH_MAX of
 * the span, the two sides alike within NOTCH_BALANCE (a mask that leaked into the background on one side is not a
 * car's mirrors); measured on the bench's real fronts (docs/operations.md).
 */
const NOTCH_REACH = 0.18;
const NOTCH_MIN = 0.025;
const NOTCH_MAX = 0.15;
const NOTCH_BALANCE = 0.5;
/** The roof's middle (the silhouette's top row) within this share of the span of the mirrors' middle. */
const ROOF_OFF_MAX = 0.15;
/** The mirrors lie below the roof by this share of their span (a windscreen's height seen from the front). */
const ROOF_DROP = { min: 0.1, max: 0.4 };
/** A silhouette this near the frame's left or right edge may be cut off there: its widest row is the frame's. */
const SIDE_MARGIN = 0.045;
/** The mirror's glass sits this share of the span inside its outer tip. */
const GLASS_INSET = 0.04;

/** The outermost car pixels of each row (-1 where the row has none). */
function rowExtents(mask: CarMask): { left: Int32Array; right: Int32Array } {
  const left = new Int32Array(mask.height).fill(-1);
  const right = new Int32Array(mask.height).fill(-1);
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (!mask.alpha[y * mask.width + x]) continue;
      if (left[y] === -1) left[y] = x;
      right[y] = x;
    }
  }
  return { left, right };
}

/** The side mirrors of a front view: the top part's row whose silhouette narrows most on both sides just below. */
export function frontFace(mask: CarMask): FrontFace | null {
  const box = mask.box;
  if (!box || box.x < SIDE_MARGIN || box.x + box.w > 1 - SIDE_MARGIN) return null;
  const { left, right } = rowExtents(mask);
  const top = Math.round(box.y * mask.height);
  const bottom = Math.round((box.y + TOP_SHARE * box.h) * mask.height);
  let best: { row: number; notch: number } | null = null;
  for (let y = top + 1; y < bottom; y++) {
    const notch = notchAt(left, right, y);
    if (notch !== null && (!best || notch > best.notch)) best = { row: y, notch };
  }
  if (!best) return null;
  const l = left[best.row] ?? 0;
  const r = right[best.row] ?? 0;
  const span = r - l;
  // The roof above the mirrors' middle, a windscreen's height above them: else the bumps are not a car's mirrors.
  const roof = ((left[top] ?? 0) + (right[top] ?? 0)) / 2;
  if (box.y > 0.04 && Math.abs(roof - (l + r) / 2) > ROOF_OFF_MAX * span) return null;
  const drop = (best.row - top) / span;
  if (box.y > 0.04 && (drop < ROOF_DROP.min || drop > ROOF_DROP.max)) return null;
  const inset = GLASS_INSET * span;
  const y = (best.row + 0.5) / mask.height;
  return {
    row: best.row,
    left: l,
    right: r,
    mirrors: {
      left: { x: (l + inset + 0.5) / mask.width, y },
      right: { x: (r - inset + 0.5) / mask.width, y },
    },
  };
}

/** How much the silhouette narrows on both sides just below row `y` (share of its width there), or null. */
function notchAt(left: Int32Array, right: Int32Array, y: number): number | null {
  const l = left[y] ?? -1;
  const r = right[y] ?? -1;
  if (l < 0 || r <= l) return null;
  const span = r - l;
  const reach = Math.max(2, Math.round(NOTCH_REACH * span));
  let inLeft = 0;
  let inRight = 0;
  for (let k = 1; k <= reach && y + k < left.length; k++) {
    const lk = left[y + k] ?? -1;
    const rk = right[y + k] ?? -1;
    if (lk < 0) continue;
    inLeft = Math.max(inLeft, lk - l);
    inRight = Math.max(inRight, r - rk);
  }
  const [less, more] = [Math.min(inLeft, inRight) / span, Math.max(inLeft, inRight) / span];
  return less >= NOTCH_MIN && more <= NOTCH_MAX && less >= NOTCH_BALANCE * more ? less : null;
}

/**
 * Lamp red over this share of the face (from the mirrors down by 0.6 of their span, between them) is a car's back:
 * rear lamps, which a front does not show; a red car is refused with it. Real fronts measured 0 to 0.2 %, a rear 1.7 %.
 */
const BACK_RED_SHARE = 0.006;

/** The front face of a front frame at the car mask's width (CAR_MASK_WIDTH), or null; a car's back is refused. */
export function frontFaceOf(image: AnalysisImage): FrontFace | null {
  const face = frontFace(segmentCar(image));
  if (!face) return null;
  const span = face.right - face.left;
  const bottom = Math.min(image.height, Math.round(face.row + 0.6 * span));
  const rows = image.rgb.subarray(3 * (face.row * image.width), 3 * (bottom * image.width));
  const band = { width: image.width, height: bottom - face.row, rgb: rows };
  return redShare(cropColumns(band, face.left, face.right)) > BACK_RED_SHARE ? null : face;
}

/** The columns x0..x1 of a picture. */
function cropColumns(image: AnalysisImage, x0: number, x1: number): AnalysisImage {
  const width = x1 - x0 + 1;
  const rgb = new Uint8Array(width * image.height * 3);
  for (let y = 0; y < image.height; y++) {
    rgb.set(image.rgb.subarray(3 * (y * image.width + x0), 3 * (y * image.width + x1 + 1)), 3 * y * width);
  }
  return { width, height: image.height, rgb };
}

/** Below this a pair under the mirrors is flat body panels, not lamps (edge strength, as HEADLIGHT_MIN_SCORE). */
export const FACE_LAMP_MIN_SCORE = 12;

/**
 * The headlight pair of a front frame below its mirrors (`face`, read on a mask of the frame's own size), or null
 * when none stands out.
 */
export function faceHeadlights(image: AnalysisImage, face: FrontFace): HeadlightPair | null {
  const g = grayPicture(image);
  const span = face.right - face.left;
  const pair = bestPair(g, edgesOf(g), {
    axis: (face.left + face.right) / 2,
    top: face.row + 0.15 * span,
    bottom: face.row + 0.42 * span,
    nearest: 0.28 * span,
    farthest: 0.55 * span,
    half: Math.max(3, Math.round(0.06 * span)),
    slack: 0.12 * span,
  });
  return pair && pair.score >= FACE_LAMP_MIN_SCORE ? pair : null;
}
