import type { AnalysisImage } from '../media/media.ts';
import { segmentCar } from './car-mask.ts';
import { detectFront, type FrontDetection } from './front-detection.ts';
import { faceHeadlights, frontFace } from './parts-front-face.ts';
import { followPatch, type HeadlightPair, headlightPair } from './parts-headlights.ts';
import { type PartPoint, partTracks, thinned } from './parts-track.ts';
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

/** Why headlights were not looked for on a row: the front was not told, or no plate was seen on it. */
export type HeadlightSkip = 'front_unsure' | 'no_plate' | 'no_pair';

export interface RowParts {
  proposals: PartProposal[];
  front: FrontDetection;
  headlights: 'found' | HeadlightSkip;
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
 * How far round each headlight is followed from the front (shares of a turn). A car turning away from the front
 * shows its near lamp long after the far one went behind the front corner; the far one is the lamp on the side the
 * pair moves to (the car's front swings that way), measured on the bench's labelled views (docs/operations.md).
 */
const NEAR_LAMP_REACH = 60 / 360;
const FAR_LAMP_REACH = 30 / 360;

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

type Point = { x: number; y: number };
type Track = { frame: number; x: number; y: number }[];

/** Frames to follow a part: at least one. */
const framesOf = (share: number, n: number) => Math.max(1, Math.round(share * n));

/**
 * Both lamps followed one way round from the front frame: the near lamp up to NEAR_LAMP_REACH, the far one (on the
 * side their middle moves to) up to FAR_LAMP_REACH; without a first step of both, each to the far reach only.
 */
function lampsOneWay(frames: readonly AnalysisImage[], front: number, pair: HeadlightPair, half: number, step: 1 | -1) {
  const n = frames.length;
  const near = framesOf(NEAR_LAMP_REACH, n);
  const far = framesOf(FAR_LAMP_REACH, n);
  const left = followPatch(frames, front, pair.left, step, near, half);
  const right = followPatch(frames, front, pair.right, step, near, half);
  const [l, r] = [left[0], right[0]];
  if (!l || !r) return { left: left.slice(0, far), right: right.slice(0, far) };
  const movesRight = l.x + r.x > pair.left.x + pair.right.x;
  return movesRight ? { left, right: right.slice(0, far) } : { left: left.slice(0, far), right };
}

/** The two lamps' key frames round the front frame. */
function followedLamps(frames: readonly AnalysisImage[], front: number, pair: HeadlightPair, half: number): Track[] {
  const back = lampsOneWay(frames, front, pair, half, -1);
  const on = lampsOneWay(frames, front, pair, half, 1);
  const track = (before: Track, at: Point, after: Track) =>
    thinned([...[...before].reverse(), { frame: front, ...at }, ...after], 36);
  return [track(back.left, pair.left, on.left), track(back.right, pair.right, on.right)];
}

/** The lamps of the front frame: beside its plate, else below its mirrors (the silhouette), and the patch size. */
async function frontLamps(
  input: RowPartsInput,
  front: number,
): Promise<{ pair: HeadlightPair | null; half: number; skip?: HeadlightSkip }> {
  const picture = input.frames[front] as AnalysisImage;
  const plate = await input.plateOf(front);
  if (plate) {
    const pair = headlightPair(picture, plate);
    return { pair, half: Math.max(3, Math.round(0.2 * plate.w * picture.width)), ...(pair ? {} : { skip: 'no_pair' }) };
  }
  const face = frontFace(segmentCar(picture));
  if (!face) return { pair: null, half: 0, skip: 'no_plate' };
  const pair = faceHeadlights(picture, face);
  return { pair, half: Math.max(3, Math.round(0.06 * (face.right - face.left))), ...(pair ? {} : { skip: 'no_pair' }) };
}

async function headlightProposals(
  input: RowPartsInput,
  front: FrontDetection,
): Promise<{ found: PartProposal[]; skip?: HeadlightSkip }> {
  if (front.status !== 'found' || !input.frames[front.front]) return { found: [], skip: 'front_unsure' };
  const lamps = await frontLamps(input, front.front);
  const { pair, half } = lamps;
  if (!pair) return { found: [], skip: lamps.skip ?? 'no_pair' };
  const found = followedLamps(input.frames, front.front, pair, half).map(
    (keyFrames): PartProposal => ({ part: 'headlight', keyFrames }),
  );
  return { found };
}

/** The proposals of one row. */
export async function detectRowParts(input: RowPartsInput): Promise<RowParts> {
  const front = detectFront(input.small);
  const wheels = wheelProposals(input.frames, edgeOnFrames(front, input.frames.length));
  const lamps = await headlightProposals(input, front);
  return { proposals: [...wheels, ...lamps.found], front, headlights: lamps.skip ?? 'found' };
}
