import type { AnalysisImage } from '../media/media.ts';
import { detectFront, type FrontDetection } from './front-detection.ts';
import { followPatch, headlightPair } from './parts-headlights.ts';
import { type PartPoint, partTracks, thinned } from './parts-track.ts';
import { wheelCandidates } from './parts-wheels.ts';
import type { FractionBox } from './plate-rules.ts';

/**
 * Parts of a car proposed on one spin row (automatic annotation, docs/decisions.md "Automatic annotation"): the
 * wheels on every frame (parts-wheels.ts) joined into tracks (parts-track.ts), and the headlights found on the front
 * frame either side of the plate (parts-headlights.ts) and followed to the frames round it. Mirrors, and every
 * cabin part, are not proposed: nothing here measures them (the product says so; never placed by convention).
 */

export type ExteriorPart = 'wheel' | 'headlight';

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

/** Headlights are followed at most this share of a turn either side of the front (90 degrees). */
const HEADLIGHT_REACH = 0.25;

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

async function headlightProposals(
  input: RowPartsInput,
  front: FrontDetection,
): Promise<{ found: PartProposal[]; skip?: HeadlightSkip }> {
  if (front.status !== 'found') return { found: [], skip: 'front_unsure' };
  const plate = await input.plateOf(front.front);
  if (!plate) return { found: [], skip: 'no_plate' };
  const picture = input.frames[front.front];
  const pair = picture ? headlightPair(picture, plate) : null;
  if (!picture || !pair) return { found: [], skip: 'no_pair' };
  const n = input.frames.length;
  const reach = Math.max(1, Math.round(HEADLIGHT_REACH * n));
  const half = Math.max(3, Math.round(0.2 * plate.w * picture.width));
  const found = [pair.left, pair.right].map((lamp): PartProposal => {
    const before = followPatch(input.frames, front.front, lamp, -1, reach, half).reverse();
    const after = followPatch(input.frames, front.front, lamp, 1, reach, half);
    const keyFrames = thinned([...before, { frame: front.front, ...lamp }, ...after], 36);
    return { part: 'headlight', keyFrames };
  });
  return { found };
}

/** The proposals of one row. */
export async function detectRowParts(input: RowPartsInput): Promise<RowParts> {
  const front = detectFront(input.small);
  const wheels = wheelProposals(input.frames, edgeOnFrames(front, input.frames.length));
  const lamps = await headlightProposals(input, front);
  return { proposals: [...wheels, ...lamps.found], front, headlights: lamps.skip ?? 'found' };
}
