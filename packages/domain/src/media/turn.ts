import { type FrameSignature, type LoopOutcome, refineValley, type Valley, valleysOf } from './loop.ts';
import { keyTurns } from './turn-angle.ts';
import { distance, driftDistance, fineDriftDistance, TURN_SIGNATURE_WIDTH } from './turn-distance.ts';
import { interpolate } from './turn-frames.ts';

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
 * - A close is the start seen again only when CONFIRM moving frames from it match the start's first CONFIRM within
 *   ACCEPT_STEPS ordinary steps, each pair compared forgiving a hand's drift (turn-distance.ts). A car's two sides
 *   look alike frame for frame (view 25 of the test car is as near view 0 as view 49 is), but a run of ten parts
 *   from the start (1.4 to 1.9 steps on the real test car), while the start seen again stays within one step even
 *   with 1.3 pixels of drift, a small rotation and noise. A video short of a turn so never closes at half a turn.
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
/** Closed when the aligned difference is at most this many moving steps (the drifting hand's start: 2.0). */
const ACCEPT_STEPS = 2.5;
/** The same, forgiving drift: at most this many steps (the test car's far side is 1.4 to 1.9, its start 0 to 1). */
const DRIFT_STEPS = 1.25;
/** Sure when, forgiving drift, at most this many (and no look-alike as near). */
const SURE_STEPS = 1.25;
/** A shorter extra past the close is the same turn's end, not a second turn. */
export const EXTRA_TURN = 0.05;
/**
 * Moving frames a turn takes at the least (audit of 30 Nov): a start seen again sooner is a look-alike met soon
 * after it. A slow walk past a scene of broad, smooth shapes (the pipeline's synthetic turntable at 0.6 and 0.8 of a
 * turn in 10 s) came back near its start 10 to 13 moving frames in (under 2 s), and the early close stopped the
 * decoding there: a spin of a tenth of a turn. A turn of the real photographs takes 34 or more (one per new view of
 * 51 at the fastest pace tested), a filmed walk-around one per signature (15 a second: 8 s or more).
 */
const MIN_TURN_KEYS = 24;

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

/** Key j against the start: the first `align` keys against keys j.. (fewer at the end), by `measure`. */
function startDifference(
  z: readonly Float32Array[],
  keys: readonly number[],
  j: number,
  align: number,
  measure: (a: Float32Array, b: Float32Array) => number,
): number {
  const pairs = Math.min(align, keys.length - j);
  let sum = 0;
  for (let i = 0; i < pairs; i++) sum += measure(z[keys[i]!]!, z[keys[j + i]!]!);
  return pairs > 0 ? sum / pairs : 0;
}

type Measure = (a: Float32Array, b: Float32Array) => number;

/**
 * The start seen again: CONFIRM keys from it within ACCEPT_STEPS ordinary steps of the start's, and within
 * DRIFT_STEPS forgiving drift (a look-alike side of the car is not, drift or none).
 */
function accepted(close: Close, step: number): boolean {
  return close.depth <= ACCEPT_STEPS * step && close.drift <= DRIFT_STEPS * step;
}

/** Per key j: the first ALIGN keys against keys j.. (fewer at the end). */
function startProfile(z: readonly Float32Array[], keys: readonly number[], measure: Measure): number[] {
  const profile: number[] = new Array(keys.length).fill(0);
  for (let j = 1; j < keys.length; j++) profile[j] = startDifference(z, keys, j, ALIGN, measure);
  return profile;
}

/** Where a profile leaves the start (half its 90th percentile) and its valleys after that; none when it never does. */
function valleysAfterDeparture(profile: readonly number[]): { departure: number; level: number; valleys: Valley[] } {
  const level = 0.5 * quantile(profile.slice(1), 0.9);
  const departure = profile.findIndex((d, j) => j > 0 && d >= level);
  return { departure, level, valleys: departure < 0 ? [] : valleysOf(profile, departure + 1, level) };
}

/** A possible close: its key, its aligned difference from the start (CONFIRM keys), plainly and forgiving drift. */
interface Close extends Valley {
  drift: number;
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

/**
 * Finds one turn. See the readings at the top of this file. `byLook` false keeps the angles of time alone: the
 * early close asks only where the turn closes, once a second of decoding, and the look's fit is not free.
 */
export function findTurn(
  signatures: readonly FrameSignature[],
  width = TURN_SIGNATURE_WIDTH,
  byLook = true,
): TurnReading {
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

  const profile = startProfile(z, keys.at, distance);
  const high = quantile(profile.slice(1), 0.9);
  if (high <= REST_NOISE * 2 * noise) return whole('no_turn', 'unsure');
  const plain = valleysAfterDeparture(profile);
  if (plain.departure < 0) return whole('no_turn', 'unsure');
  // The drift-forgiving profile finds a close the hand's drift hid from the plain one; either kind of valley must
  // pass both checks below, so a scene that slides sideways (a shift like drift) is not closed by forgiveness.
  const forgiving = valleysAfterDeparture(startProfile(z, keys.at, (a, b) => driftDistance(a, b, width)));

  // A valley's depth on a longer alignment: a look-alike view (a car's two sides, its front and back) soon parts
  // from the start, the start seen again does not, even forgiving drift.
  const closeAt = (j: number): Close => ({
    at: j,
    depth: startDifference(z, keys.at, j, CONFIRM, distance),
    drift: startDifference(z, keys.at, j, CONFIRM, (a, b) => fineDriftDistance(a, b, width)),
  });
  const seen = new Set<number>();
  const valleys: Close[] = [];
  // Only once the plain profile has left the start too: forgiving a shift makes a scene that slides look like its
  // start for longer (the turntable test), which must not close a turn it has barely begun.
  const later = forgiving.valleys.filter((v) => v.at > plain.departure);
  for (const v of [...plain.valleys, ...later].sort((a, b) => a.at - b.at)) {
    if (seen.has(v.at) || v.at < MIN_TURN_KEYS) continue;
    const around: Close[] = [];
    for (let j = Math.max(1, v.at - 1); j <= Math.min(profile.length - 1, v.at + 1); j++) around.push(closeAt(j));
    for (const c of around) seen.add(c.at);
    // Placed where the plain difference is least (the refinement reads the plain profile), judged forgiving drift.
    const best = around.reduce((a, c) => (c.depth < a.depth ? c : a));
    const close = { ...best, drift: Math.min(...around.map((c) => c.drift)) };
    if (accepted(close, step)) valleys.push(close);
  }
  let chosen: Close;
  let lookAlike = false;
  if (valleys.length > 0) {
    // The deepest valley is the start seen again, unless it is a later turn of an earlier valley about as deep
    // (two whole turns close after the first). A car looks alike from front and back: an earlier valley at another
    // angle is passed over, however near, and makes the verdict unsure when nearly as deep.
    const deepest = valleys.reduce((a, v) => (v.drift < a.drift ? v : a));
    const near = (v: Close) => v.drift <= Math.max(1.5 * deepest.drift, deepest.drift + 2 * noise);
    const turns = (v: Valley, of: Valley) => keys.angles[v.at]! / Math.max(1, keys.angles[of.at]!);
    const wholeTurns = (x: number, least: number) => Math.round(x) >= least && Math.abs(x - Math.round(x)) <= 0.1;
    chosen = valleys.find((v) => v.at < deepest.at && near(v) && wholeTurns(turns(deepest, v), 2)) ?? deepest;
    lookAlike = valleys.some((v) => v !== chosen && near(v) && !wholeTurns(turns(v, chosen), 1));
  } else {
    // Short of a turn: the whole video, said (below).
    chosen = { at: profile.length - 1, depth: Number.POSITIVE_INFINITY, drift: Number.POSITIVE_INFINITY };
  }

  const closed = accepted(chosen, step);
  if (!closed) return { ...whole('short_of_turn', 'short_of_turn'), closeDifference: closeAt(chosen.at).drift };
  const keyClose = refineValley(profile, chosen.at);
  const keyIndex = keys.at.map((_, k) => k);
  // Over a found turn the angle is read from what the frames show too (turn-angle.ts), as shares of the turn.
  const turnKeys = byLook ? { ...keys, angles: keyTurns(z, keys.at, keys.angles, keyClose, width) } : keys;
  const turnAngles = signatureAngles(n, turnKeys);
  const turnTotal = turnAngles.at(-1) ?? 0;
  const turnAngle = interpolate(keyIndex, turnKeys.angles, keyClose);
  // Past the last key the close lies a fraction of a step further on, at the next signature.
  const close =
    keyClose >= keys.at.length - 1
      ? Math.min(n, keys.at.at(-1)! + (keyClose - (keys.at.length - 1)) * (n - keys.at.at(-1)!))
      : interpolate(keyIndex, keys.at, keyClose);
  const extraTurn = turnAngle > 0 ? Math.max(0, (turnTotal - turnAngle) / turnAngle) : 0;
  const sure = chosen.drift <= SURE_STEPS * step && !lookAlike;
  return {
    outcome: 'closed',
    verdict: !sure ? 'unsure' : extraTurn > EXTRA_TURN ? 'more_than_turn' : 'one_turn',
    close,
    angles: turnAngles,
    turnAngle,
    extraTurn,
    closeDifference: chosen.drift,
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
export function findEarlyTurn(
  signatures: readonly FrameSignature[],
  width = TURN_SIGNATURE_WIDTH,
): TurnReading | undefined {
  const reading = findTurn(signatures, width, false);
  if (reading.outcome !== 'closed' || reading.verdict === 'unsure') return undefined;
  let after = 0;
  for (let i = Math.ceil(reading.close); i < reading.angles.length; i++) {
    if (reading.angles[i]! > reading.angles[i - 1]!) after += 1;
  }
  return after >= ALIGN + EARLY_TURN_SETTLE ? reading : undefined;
}
