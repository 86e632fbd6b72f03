import { type FrameSignature, type LoopOutcome, refineValley, type Valley, valleysOf } from './loop.ts';

/**
 * One turn of a real walk-around, found by what the frames show and never by time (issue 18): the camera rests,
 * speeds up and slows, blurs, drifts, and the light changes. The spin's frames are then chosen evenly by angle.
 *
 * Readings (docs/decisions.md, "Media: one turn by what the frames show"):
 * - Each signature is normalised (mean 0, spread 1), so a change of exposure is no change of view.
 * - Noise is measured, not assumed: a frame against the mean of its two neighbours differs by the noise alone
 *   while the camera rests or moves steadily. A step under REST_NOISE times that is a rest and adds no angle.
 * - The angle grows with the time the camera moves: a new view (a frame that differs from the last new view by more
 *   than a rest) adds the signatures since the last one when that gap is short (a steady walk whose step hid in
 *   the noise), and one when it is longer (a rest, which adds nothing). A camera that creeps makes a new view only
 *   every few frames, so slowing down is partly absorbed; at walking pace the walker's pace stands for the angle. The views' difference (arc length) was
 *   tried and left: how fast a car's look changes depends on the side seen (twice as fast at the rear corners as
 *   at the front of the test car), which put frames two views off.
 * - The turn closes where the view comes back to the start: compared on the moving frames only (rests removed),
 *   a few of them aligned, against the ordinary moving step (a resting video's median step is zero, which made
 *   the old rule call every valley a close or none). Among valleys, the earliest about as deep as the deepest.
 * - Verdict: one turn; more than a turn (the rest trimmed, said when the extra is over EXTRA_TURN of a turn);
 *   short of a turn (no view like the start); unsure (the close is only near the acceptance, two unlike places look
 *   like the start, or nothing turns).
 */

export type TurnVerdict = 'one_turn' | 'more_than_turn' | 'short_of_turn' | 'unsure';

export interface TurnReading {
  outcome: LoopOutcome;
  verdict: TurnVerdict;
  /** Where the turn closes, as a fractional signature index; the frame count when the whole video is used. */
  close: number;
  /** Angle of each signature (arc length of the moving steps), non-decreasing, 0 at the first. */
  angles: number[];
  /** The angle at the close: one turn. */
  turnAngle: number;
  /** Share of a turn the video goes on past the close (0.25 for 1.25 turns). */
  extraTurn: number;
  /** Aligned difference from the start at the close, and an ordinary moving step, on normalised signatures. */
  closeDifference: number;
  stepDifference: number;
  /** Noise of one signature (see above). */
  noise: number;
  /** Signatures that moved (not rests). */
  moving: number;
}

const MIN_FRAMES = 8;
/** A step within this many noise levels is a rest. */
const REST_NOISE = 2;
/** Signatures without a new view that still read as walking (a fifth of a second at 15 a second), not resting. */
const STEADY_GAP = 3;
/** Nor is a step under this (a fiftieth of the picture's spread): compression's flicker on a still picture. */
const REST_FLOOR = 0.02;
/** Moving frames aligned when comparing a candidate close with the start. */
const ALIGN = 3;
/** Moving frames aligned when telling the start seen again from a view that only looks like it. */
const CONFIRM = 10;
/** Closed when the aligned difference is at most this many moving steps; sure when at most SURE_STEPS. */
const ACCEPT_STEPS = 2;
const SURE_STEPS = 1;
/** A shorter extra past the close is the same turn's end, not a second turn. */
export const EXTRA_TURN = 0.05;

/** Mean 0, spread 1: exposure and contrast changes cancel. */
export function normaliseSignature(s: FrameSignature): Float32Array {
  const n = s.length;
  const out = new Float32Array(n);
  if (n === 0) return out;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += s[i]!;
  mean /= n;
  let sq = 0;
  for (let i = 0; i < n; i++) sq += (s[i]! - mean) ** 2;
  const spread = Math.sqrt(sq / n) || 1;
  for (let i = 0; i < n; i++) out[i] = (s[i]! - mean) / spread;
  return out;
}

function distance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return a.length === 0 ? 0 : sum / a.length;
}

function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}

/**
 * The noise of one signature, as a plain step between two frames of the same view: the least of (a) each frame
 * against the mean of its neighbours (motion cancels while it is steady), median, and (b) the tenth percentile of
 * the steps between neighbours (a video that rests, or shows each view for several frames, has steps of noise alone).
 */
function noiseLevel(z: readonly Float32Array[]): number {
  const values: number[] = [];
  const steps: number[] = [];
  for (let i = 1; i < z.length; i++) steps.push(distance(z[i - 1]!, z[i]!));
  for (let i = 1; i + 1 < z.length; i++) {
    const a = z[i - 1]!;
    const b = z[i]!;
    const c = z[i + 1]!;
    let sum = 0;
    for (let p = 0; p < b.length; p++) sum += Math.abs(b[p]! - (a[p]! + c[p]!) / 2);
    values.push(sum / Math.max(1, b.length));
  }
  // Two independent noisy frames differ by sqrt(2) noise; a frame against a mean of two by sqrt(1.5).
  return Math.min((quantile(values, 0.5) * Math.SQRT2) / Math.sqrt(1.5), quantile(steps, 0.1));
}

interface Keys {
  /** Signature index of each moving frame (and the first frame). */
  at: number[];
  angles: number[];
  steps: number[];
}

/** The moving frames: a frame joins when it differs from the last one kept by more than a rest would. */
function movingFrames(z: readonly Float32Array[], rest: number): Keys {
  const at = [0];
  const steps: number[] = [];
  const angles = [0];
  let angle = 0;
  for (let i = 1; i < z.length; i++) {
    const d = distance(z[at.at(-1)!]!, z[i]!);
    if (d <= rest) continue;
    // A short gap is a steady walk whose step hid in the noise: its time counts; a longer one held a rest.
    const gap = i - at.at(-1)!;
    angle += gap <= STEADY_GAP ? gap : 1;
    at.push(i);
    steps.push(d);
    angles.push(angle);
  }
  return { at, angles, steps };
}

/** Per key j: the first `align` keys against keys j.. (fewer at the end). */
function startProfile(z: readonly Float32Array[], keys: readonly number[], align = ALIGN): number[] {
  const profile: number[] = new Array(keys.length).fill(0);
  for (let j = 1; j < keys.length; j++) {
    const pairs = Math.min(align, keys.length - j);
    let sum = 0;
    for (let i = 0; i < pairs; i++) sum += distance(z[keys[i]!]!, z[keys[j + i]!]!);
    profile[j] = sum / pairs;
  }
  return profile;
}

/** Value of a piecewise linear function (xs ascending) at x, held past either end. */
export function interpolate(xs: readonly number[], ys: readonly number[], x: number): number {
  if (xs.length === 0) return 0;
  if (x <= xs[0]!) return ys[0]!;
  if (x >= xs.at(-1)!) return ys.at(-1)!;
  let lo = 0;
  let hi = xs.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! <= x) lo = mid;
    else hi = mid;
  }
  const span = xs[hi]! - xs[lo]!;
  return span === 0 ? ys[lo]! : ys[lo]! + ((x - xs[lo]!) / span) * (ys[hi]! - ys[lo]!);
}

/** Every signature's angle: the keys' angles, a rest keeping its key's angle. */
function signatureAngles(n: number, keys: Keys): number[] {
  const angles: number[] = new Array(n).fill(0);
  let k = 0;
  for (let i = 0; i < n; i++) {
    while (k + 1 < keys.at.length && keys.at[k + 1]! <= i) k += 1;
    angles[i] = keys.angles[k]!;
  }
  return angles;
}

/** Finds one turn. See the readings at the top of this file. */
export function findTurn(signatures: readonly FrameSignature[]): TurnReading {
  const n = signatures.length;
  const z = signatures.map(normaliseSignature);
  const noise = noiseLevel(z);
  const keys = movingFrames(z, Math.max(REST_FLOOR, REST_NOISE * noise));
  const angles = signatureAngles(n, keys);
  const total = angles.at(-1) ?? 0;
  const step = quantile(keys.steps, 0.5);
  const whole = (outcome: LoopOutcome, verdict: TurnVerdict): TurnReading => ({
    outcome,
    verdict,
    close: n,
    angles,
    turnAngle: total,
    extraTurn: 0,
    closeDifference: 0,
    stepDifference: step,
    noise,
    moving: keys.at.length - 1,
  });
  if (keys.at.length < MIN_FRAMES) return whole(n < MIN_FRAMES ? 'too_few_frames' : 'no_turn', 'unsure');

  const profile = startProfile(z, keys.at);
  const high = quantile(profile.slice(1), 0.9);
  if (high <= REST_NOISE * 2 * noise) return whole('no_turn', 'unsure');
  const level = 0.5 * high;
  const departure = profile.findIndex((d, j) => j > 0 && d >= level);
  if (departure < 0) return whole('no_turn', 'unsure');

  // A valley's depth on a longer alignment: a look-alike view (a car's front and back) soon parts from the start.
  const long = startProfile(z, keys.at, CONFIRM);
  const valleys = valleysOf(profile, departure + 1, level).map((v) => {
    let best = v;
    for (let j = Math.max(1, v.at - 1); j <= Math.min(long.length - 1, v.at + 1); j++) {
      if (best === v || long[j]! < best.depth) best = { at: j, depth: long[j]! };
    }
    return best;
  });
  let chosen: Valley;
  let lookAlike = false;
  if (valleys.length > 0) {
    // The deepest valley is the start seen again, unless it is a later turn of an earlier valley about as deep
    // (two whole turns close after the first). A car looks alike from front and back: an earlier valley at another
    // angle is passed over, however near, and makes the verdict unsure when nearly as deep.
    const deepest = valleys.reduce((a, v) => (v.depth < a.depth ? v : a));
    const near = (v: Valley) => v.depth <= Math.max(1.5 * deepest.depth, deepest.depth + 2 * noise);
    const turns = (v: Valley, of: Valley) => keys.angles[v.at]! / Math.max(1, keys.angles[of.at]!);
    const wholeTurns = (x: number, least: number) => Math.round(x) >= least && Math.abs(x - Math.round(x)) <= 0.1;
    chosen = valleys.find((v) => v.at < deepest.at && near(v) && wholeTurns(turns(deepest, v), 2)) ?? deepest;
    lookAlike = valleys.some((v) => v !== chosen && near(v) && !wholeTurns(turns(v, chosen), 1));
  } else {
    let peak = departure;
    for (let j = departure; j < profile.length; j++) if (profile[j]! > profile[peak]!) peak = j;
    chosen = { at: peak, depth: profile[peak]! };
    for (let j = peak; j < profile.length; j++) if (profile[j]! < chosen.depth) chosen = { at: j, depth: profile[j]! };
  }

  const closed = chosen.depth <= ACCEPT_STEPS * step;
  const keyClose = refineValley(profile, chosen.at);
  const keyIndex = keys.at.map((_, k) => k);
  const turnAngle = interpolate(keyIndex, keys.angles, keyClose);
  // Past the last key the close lies a fraction of a step further on, at the next signature.
  const close =
    keyClose >= keys.at.length - 1
      ? Math.min(n, keys.at.at(-1)! + (keyClose - (keys.at.length - 1)) * (n - keys.at.at(-1)!))
      : interpolate(keyIndex, keys.at, keyClose);
  const extraTurn = closed && turnAngle > 0 ? Math.max(0, (total - turnAngle) / turnAngle) : 0;
  let verdict: TurnVerdict = 'short_of_turn';
  if (closed) {
    const sure = chosen.depth <= SURE_STEPS * step && !lookAlike;
    verdict = !sure ? 'unsure' : extraTurn > EXTRA_TURN ? 'more_than_turn' : 'one_turn';
  }
  return {
    outcome: closed ? 'closed' : 'short_of_turn',
    verdict,
    close,
    angles,
    turnAngle: closed ? turnAngle : Math.max(turnAngle, total),
    extraTurn,
    closeDifference: chosen.depth,
    stepDifference: step,
    noise,
    moving: keys.at.length - 1,
  };
}

/** Moving frames the video must have gone on past a sure close before decoding may stop there. */
export const EARLY_TURN_SETTLE = 8;

/**
 * The turn of a video still being decoded, once no later frame can change it (see loop.ts, findEarlyClose, for
 * why a close at most one step unlike the start stays chosen): closed and sure, and gone on past it.
 */
export function findEarlyTurn(signatures: readonly FrameSignature[]): TurnReading | undefined {
  const reading = findTurn(signatures);
  if (reading.outcome !== 'closed' || reading.verdict === 'unsure') return undefined;
  let after = 0;
  for (let i = Math.ceil(reading.close); i < reading.angles.length; i++) {
    if (reading.angles[i]! > reading.angles[i - 1]!) after += 1;
  }
  return after >= ALIGN + EARLY_TURN_SETTLE ? reading : undefined;
}

/**
 * The spin's `count` frames evenly by angle over one turn [0, turnAngle): for each even angle a candidate (their
 * angles in time order, so never decreasing), each candidate later than the one before and of a larger angle, so no
 * angle comes twice and none steps back; the sum of the misses is the least such choice allows (a monotone
 * assignment, by dynamic programming). Fewer distinct angles than frames: candidates later in time, angles may tie.
 * Returns the candidates' indices; empty when there are fewer candidates than frames.
 */
export function framesByAngle(candidateAngles: readonly number[], count: number, turnAngle: number): number[] {
  const m = candidateAngles.length;
  if (count <= 0 || m < count) return [];
  const distinct = new Set(candidateAngles.filter((a) => a < turnAngle)).size;
  const strict = distinct >= count;
  // first[j]: the first candidate of j's angle; a strict choice before j must come before it.
  const first = new Int32Array(m);
  for (let j = 1; j < m; j++) first[j] = candidateAngles[j] === candidateAngles[j - 1] ? first[j - 1]! : j;
  const from = new Int32Array(count * m).fill(-1);
  let previous = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
  for (let k = 0; k < count; k++) {
    const target = (k * turnAngle) / count;
    const current = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
    let bestCost = Number.POSITIVE_INFINITY;
    let bestAt = -1;
    let scanned = 0;
    for (let j = 0; j < m; j++) {
      const limit = strict ? first[j]! : j;
      while (scanned < limit) {
        if (previous[scanned]! < bestCost) {
          bestCost = previous[scanned]!;
          bestAt = scanned;
        }
        scanned += 1;
      }
      const miss = Math.abs(candidateAngles[j]! - target);
      if (k === 0) current[j] = miss;
      else if (bestAt >= 0) {
        current[j] = bestCost + miss;
        from[k * m + j] = bestAt;
      }
    }
    previous = current;
  }
  let end = -1;
  for (let j = 0; j < m; j++) if (end < 0 || previous[j]! < previous[end]!) end = j;
  if (end < 0 || !Number.isFinite(previous[end]!)) return [];
  const chosen: number[] = new Array(count);
  for (let k = count - 1; k >= 0; k--) {
    chosen[k] = end;
    end = from[k * m + end]!;
  }
  return chosen;
}
