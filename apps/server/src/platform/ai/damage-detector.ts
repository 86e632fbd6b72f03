import type { AnalysisImage } from '../media/media.ts';
import { pieces, segmentCar } from './car-mask.ts';
import { type FrameMaps, frameMaps, halved } from './damage-maps.ts';
import { AXIS_MIN_MARGIN, axisScores, edgeMap, MIN_FRAMES } from './front-detection.ts';
import { median } from './image-stats.ts';
import { type PartPoint, partTracks, type TrackRules } from './parts-track.ts';

/**
 * Possible damage on one spin row by the car's symmetry, without a model (no npm package ships a damage detector;
 * docs/decisions.md "Damage detection" has the search and the figures):
 * 1. the spin's mirror axis (front-detection.ts): frame i's counterpart is the frame that shows the car's other side
 *    from the mirrored angle, frame c - i;
 * 2. each frame's body paint (car mask, paint colour, no wheels) and fine structure (damage-maps.ts);
 * 3. the counterpart (and its two neighbours, so a turn that does not fall on a frame still has a match) is flipped
 *    and laid on the frame box to box; a body pixel whose structure exceeds the most the counterparts show anywhere
 *    near its mirrored place is structure the other side lacks: one side's scratch, dent or scuff, or one side's
 *    own part (fuel cap, badge, the driver's mirror, the exhaust);
 * 4. those pixels are joined into spots, and a spot counts only when neighbouring frames show it where the turn
 *    takes it (parts-track.ts), since damage is on the car and moves with it.
 *
 * What it cannot do, said as it is: it cannot tell damage from a part only one side has, nor from a reflection or
 * dirt on one side only, nor find damage both sides share; a spin without a clear mirror axis gets nothing.
 */

export interface DamageProposal {
  /** The hotspot's key frames, in spin order. */
  keyFrames: PartPoint[];
  /** Summed excess structure over the track (gray levels x pixels): how much the spot stands out. */
  strength: number;
}

export type RowDamage =
  | { status: 'measured'; proposals: DamageProposal[]; axis: number; axisMargin: number }
  | { status: 'unsure'; reason: 'too_few_frames' | 'no_mirror_axis' };

/** Excess structure (gray levels) a pixel must show over its mirror place to be a difference at all. */
export const EXCESS_MIN = 14;
/** Fewest pixels of a spot (at DAMAGE_ANALYSIS_WIDTH): a few pixels are JPEG noise. */
const SPOT_MIN_PIXELS = 8;
/** Spots kept per frame, strongest first. */
const SPOTS_PER_FRAME = 6;
/** A spot must be seen over this share of a turn (30 degrees) to be on the car rather than a passing glint. */
const PERSIST_SHARE = 30 / 360;

const wrap = (i: number, n: number) => ((i % n) + n) % n;

/** The axis class of the row (frames i and c - i are mirror counterparts), or why there is none. */
export function mirrorAxis(frames: readonly AnalysisImage[]): { axis: number; margin: number } | undefined {
  const scores = axisScores(frames.map(edgeMap));
  const best = scores.reduce((b, s, c) => (s < (scores[b] ?? Number.POSITIVE_INFINITY) ? c : b), 0);
  const typical = median(scores);
  const margin = typical > 0 ? (typical - (scores[best] ?? 0)) / typical : 0;
  return margin < AXIS_MIN_MARGIN ? undefined : { axis: best, margin };
}

/**
 * Per pixel of `a`, its structure minus the largest structure of the flipped counterparts near its mirrored place
 * (box laid on box), on `a`'s body only; 0 elsewhere.
 */
export function excessOverMirror(a: FrameMaps, twins: readonly FrameMaps[]): Float32Array {
  const { width, height } = a;
  const out = new Float32Array(width * height);
  const boxA = a.box;
  if (!boxA) return out;
  const spread = twins
    .filter((t) => t.box)
    .map((t) => ({ t, box: t.box as NonNullable<FrameMaps['box']>, near: t.near }));
  if (spread.length === 0) return out;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (!a.body[p]) continue;
      const u = (x - boxA.x) / boxA.w;
      const v = (y - boxA.y) / boxA.h;
      let most = 0;
      for (const { t, box, near } of spread) {
        // The mirrored place: the same fraction of the box from its other end.
        const tx = Math.round(box.x + (1 - u) * box.w);
        const ty = Math.round(box.y + v * box.h);
        if (tx < 0 || ty < 0 || tx >= t.width || ty >= t.height) continue;
        most = Math.max(most, near[ty * t.width + tx] ?? 0);
      }
      out[p] = Math.max(0, (a.energy[p] ?? 0) - most);
    }
  }
  return out;
}

/** What a frame's excess map must show to make a spot: how strong a pixel, how many pixels together. */
export interface SpotRules {
  excessMin: number;
  minPixels: number;
}

export const SPOT_RULES: SpotRules = { excessMin: EXCESS_MIN, minPixels: SPOT_MIN_PIXELS };

/** The spots of one frame's excess map: centres as fractions of the frame, strongest first. */
export function spotsOf(
  excess: Float32Array,
  width: number,
  height: number,
  rules: SpotRules = SPOT_RULES,
): { x: number; y: number; strength: number }[] {
  const on = Uint8Array.from(excess, (v) => (v >= rules.excessMin ? 1 : 0));
  const { id, sizes } = pieces(on, width, height, 1);
  const sums = sizes.map(() => ({ x: 0, y: 0, strength: 0 }));
  for (let p = 0; p < id.length; p++) {
    const s = sums[id[p] ?? -1];
    if (!s) continue;
    s.x += p % width;
    s.y += Math.floor(p / width);
    s.strength += excess[p] ?? 0;
  }
  return sums
    .map((s, k) => ({ size: sizes[k] ?? 0, ...s }))
    .filter((s) => s.size >= rules.minPixels)
    .map((s) => ({ x: s.x / s.size / width, y: s.y / s.size / height, strength: s.strength }))
    .sort((a, b) => b.strength - a.strength)
    .slice(0, SPOTS_PER_FRAME);
}

/** The rules that join spots into tracks: a spot on the side moves little between frames a 10th of a turn apart. */
export function damageTrackRules(n: number): TrackRules {
  return { maxStepX: 0.06, maxStepY: 0.04, minLength: Math.max(2, Math.round(PERSIST_SHARE * n)), maxKeys: 36 };
}

/** The row's excess maps (each frame against its flipped counterparts), the expensive half of the detection. */
export interface RowExcess {
  axis: { axis: number; margin: number };
  width: number;
  height: number;
  excess: Float32Array[];
}

export function rowExcess(frames: readonly AnalysisImage[]): RowExcess | 'too_few_frames' | 'no_mirror_axis' {
  const n = frames.length;
  if (n < MIN_FRAMES) return 'too_few_frames';
  const axis = mirrorAxis(frames);
  if (!axis) return 'no_mirror_axis';
  const maps = frames.map((f) => frameMaps(f, segmentCar(halved(f))));
  const excess = maps.map((m, i) => {
    const twin = wrap(axis.axis - i, n);
    return excessOverMirror(
      m,
      [twin - 1, twin, twin + 1].map((j) => maps[wrap(j, n)] as FrameMaps),
    );
  });
  return { axis, width: frames[0]?.width ?? 0, height: frames[0]?.height ?? 0, excess };
}

/** The proposals of a row's excess maps: spots joined into tracks across neighbouring frames. */
export function damageProposals(row: RowExcess, rules: SpotRules = SPOT_RULES): DamageProposal[] {
  const n = row.excess.length;
  const perFrame = row.excess.map((e) => spotsOf(e, row.width, row.height, rules));
  const strengthAt = (point: PartPoint) =>
    perFrame[point.frame]?.find((s) => s.x === point.x && s.y === point.y)?.strength ?? 0;
  return partTracks(perFrame, n, damageTrackRules(n)).map((keyFrames) => ({
    keyFrames,
    strength: keyFrames.reduce((sum, k) => sum + strengthAt(k), 0),
  }));
}

/** Possible damage on one row's frames (turn order, at DAMAGE_ANALYSIS_WIDTH). */
export function detectRowDamage(frames: readonly AnalysisImage[]): RowDamage {
  const row = rowExcess(frames);
  if (typeof row === 'string') return { status: 'unsure', reason: row };
  return { status: 'measured', proposals: damageProposals(row), axis: row.axis.axis, axisMargin: row.axis.margin };
}
