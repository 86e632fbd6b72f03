import type { AnalysisImage } from '../media/media.ts';
import { detectFront, type FrontDetection } from './front-detection.ts';
import { followedPair, type PairReach } from './parts-follow.ts';
import { type FrontFace, faceHeadlights, frontFaceOf } from './parts-front-face.ts';
import { type HeadlightPair, headlightPair } from './parts-headlights.ts';
import { type PartPoint, partTracks } from './parts-track.ts';
import { wheelCandidates } from './parts-wheels.ts';
import type { FractionBox } from './plate-rules.ts';

/**
 * Parts of a car proposed on one spin row (automatic annotation, docs/decisions.md "Automatic annotation"): the
 * wheels on every frame (parts-wheels.ts) joined into tracks (parts-track.ts), and the headlights found on the front
 * frame, either side of its plate (parts-headlights.ts) or, without a plate, below the side mirrors of its silhouette
 * (parts-front-face.ts), followed to the frames round it. Every cabin part is not proposed: nothing here measures
 * them (the product says so; never placed by convention).
 */

export type ExteriorPart = 'wheel' | 'headlight' | 'mirror';

export interface PartProposal {
  part: ExteriorPart;
  /** The hotspot's key frames, in spin order. */
  keyFrames: PartPoint[];
}

/**
 * Why no headlight was proposed on a row: the front was not told; no plate and no front face (side mirrors in the
 * silhouette) were seen on it; or no pair stood out beside its anchor.
 */
export type HeadlightSkip = 'front_unsure' | 'no_plate' | 'no_pair';

export interface RowParts {
  proposals: PartProposal[];
  front: FrontDetection;
  headlights: 'found' | HeadlightSkip;
  /** Whether the front frame's silhouette showed its side mirrors (the front face's anchor without a plate). */
  mirrors: 'found' | 'not_found';
}

export interface RowPartsInput {
  /** The row's frames in turn order at PARTS_ANALYSIS_WIDTH. */
  frames: readonly AnalysisImage[];
  /** The same frames at FRONT_ANALYSIS_WIDTH, for front detection. */
  small: readonly AnalysisImage[];
  /** The plate-shaped text line of a frame nearest its middle (the text detector), or null. */
  plateOf: (frame: number) => Promise<FractionBox | null>;
}

/**
 * How far round each headlight and each side mirror is followed from the front, shares of a turn (parts-follow.ts):
 * measured on the bench's labelled views (docs/operations.md, "Automatic annotation").
 */
const LAMP_REACH: PairReach = { near: 60 / 360, far: 30 / 360 };
const MIRROR_REACH: PairReach = { near: 90 / 360, far: 30 / 360 };

/**
 * Within this share of a turn of the front or the back (the spin's mirror axis) the wheels are seen edge-on, and the
 * round things a car shows there are lamps: no wheel is looked for.
 */
const EDGE_ON_REACH = 12 / 360;

/** The frames near either end of the spin's mirror axis, when front detection found one. */
function edgeOnFrames(front: FrontDetection, n: number): Set<number> {
  const axis = front.status === 'found' ? [front.front, front.front + n / 2] : (front.candidates ?? []);
  const reach = Math.round(EDGE_ON_REACH * n);
  const out = new Set<number>();
  for (const a of axis) {
    for (let d = -reach; d <= reach; d++) out.add((((Math.round(a) + d) % n) + n) % n);
  }
  return out;
}

/** The row's wheels: every frame's candidates (none where seen edge-on), kept where neighbouring frames confirm them. */
export function wheelProposals(
  frames: readonly AnalysisImage[],
  skip: ReadonlySet<number> = new Set(),
): PartProposal[] {
  const perFrame = frames.map((f, i) => (skip.has(i) ? [] : wheelCandidates(f)));
  return partTracks(perFrame, frames.length).map((keyFrames) => ({ part: 'wheel', keyFrames }));
}

/** The lamps of the front frame: beside its plate, else below its mirrors (`face`), and the patch size. */
async function frontLamps(
  input: RowPartsInput,
  front: number,
  face: FrontFace | null,
): Promise<{ pair: HeadlightPair | null; half: number; skip?: HeadlightSkip }> {
  const picture = input.frames[front] as AnalysisImage;
  const plate = await input.plateOf(front);
  if (plate) {
    const pair = headlightPair(picture, plate);
    return { pair, half: Math.max(3, Math.round(0.2 * plate.w * picture.width)), ...(pair ? {} : { skip: 'no_pair' }) };
  }
  if (!face) return { pair: null, half: 0, skip: 'no_plate' };
  const pair = faceHeadlights(picture, face);
  return { pair, half: Math.max(3, Math.round(0.06 * (face.right - face.left))), ...(pair ? {} : { skip: 'no_pair' }) };
}

/** The headlights and side mirrors of the front frame, followed round it. */
async function frontProposals(
  input: RowPartsInput,
  front: FrontDetection,
): Promise<{ found: PartProposal[]; skip?: HeadlightSkip; mirrors: boolean }> {
  const picture = front.status === 'found' ? input.frames[front.front] : undefined;
  if (front.status !== 'found' || !picture) return { found: [], skip: 'front_unsure', mirrors: false };
  const face = frontFaceOf(picture);
  const found: PartProposal[] = [];
  if (face) {
    const half = Math.max(3, Math.round(0.05 * (face.right - face.left)));
    for (const keyFrames of followedPair(input.frames, front.front, face.mirrors, half, MIRROR_REACH)) {
      found.push({ part: 'mirror', keyFrames });
    }
  }
  const lamps = await frontLamps(input, front.front, face);
  if (lamps.pair) {
    for (const keyFrames of followedPair(input.frames, front.front, lamps.pair, lamps.half, LAMP_REACH)) {
      found.push({ part: 'headlight', keyFrames });
    }
  }
  return { found, mirrors: face !== null, ...(lamps.pair ? {} : { skip: lamps.skip ?? 'no_pair' }) };
}

/** The proposals of one row. */
export async function detectRowParts(input: RowPartsInput): Promise<RowParts> {
  const front = detectFront(input.small);
  const wheels = wheelProposals(input.frames, edgeOnFrames(front, input.frames.length));
  const parts = await frontProposals(input, front);
  return {
    proposals: [...wheels, ...parts.found],
    front,
    headlights: parts.skip ?? 'found',
    mirrors: parts.mirrors ? 'found' : 'not_found',
  };
}
