/**
 * The seamless loop (issue 9, exterior spin): a walk-around rarely ends exactly where it began, so the spin is
 * cut where the turn closes (the frame most like the first, near the end) and its frames are spread evenly over
 * that one turn; frame N of the spin would then be frame 0 again, so the last frame leads into the first with an
 * ordinary step, not a jump.
 *
 * Pure: it reads per-frame signatures (small grayscale thumbnails, one number per pixel, every frame of the video
 * in order, sampled densely), never pixels or files. Readings (docs/decisions.md, "Media: the seamless loop"):
 * - Similarity is the mean absolute difference of two signatures (0 = the same picture, 255 = black against white).
 * - A candidate frame j is compared with the start by aligning the first few frames (frames 0..k-1 against
 *   j..j+k-1, averaged), since one frame against one frame is at the mercy of camera noise and compression.
 * - The first frames are always alike, so the search starts only after the video has left the start (its
 *   difference from the start has reached half the profile's 90th percentile), and looks in the valleys where the
 *   difference falls back below that level: the earliest valley about as deep as the deepest one, so a car that
 *   looks alike from front and back (a shallow valley at half a turn) is passed over, and a video of two whole
 *   turns closes after the first.
 * - The close is refined between frames (a V fitted to the neighbours, the shape the difference makes near a
 *   match), so the spin's spacing does not carry a rounding of up to half a sample.
 * - It counts as closed when the difference there is at most twice the median difference between neighbouring
 *   frames: the jump is then no larger than an ordinary step of the video.
 * - Fallback, a video short of a full turn: there is no frame like the first, so a jump cannot be avoided; it is
 *   made as small as the video allows by ending where the video comes back nearest to the start (the least
 *   different frame after the one most unlike the start; when it is still coming closer at its last frame, the
 *   whole video). A video that never leaves its start (nothing turns) uses the whole video.
 */

export type FrameSignature = ArrayLike<number>;

/** Mean absolute difference of two signatures of the same size, on their own scale (0..255 for 8-bit pixels). */
export function frameDifference(a: FrameSignature, b: FrameSignature): number {
  if (a.length !== b.length) throw new RangeError(`signatures differ in size: ${a.length} and ${b.length}`);
  if (a.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

export type LoopOutcome =
  /** A frame like the first was found: the spin covers exactly one turn. */
  | 'closed'
  /** No frame comes close to the first (the walk-around stopped short): ends where the jump is smallest. */
  | 'short_of_turn'
  /** The picture never leaves its start: nothing turns, the whole video is used. */
  | 'no_turn'
  /** Too few frames to judge: the whole video is used. */
  | 'too_few_frames';

export interface LoopReading {
  outcome: LoopOutcome;
  /**
   * Where frame 0 comes round again, as a (fractional) frame index: the spin's frames are spread over
   * [0, close). The frame count when the whole video is used.
   */
  close: number;
  /** The aligned difference from the start at the frame nearest the close. */
  closeDifference: number;
  /** The median difference between neighbouring frames: what an ordinary step of this video looks like. */
  stepDifference: number;
  /** The first frame that no longer looks like the start; -1 when none does. */
  departure: number;
}

export interface LoopOptions {
  /** Frames aligned at the start when comparing a candidate with it (robustness to noise). Default 5. */
  alignFrames?: number;
  /** Closed when the difference at the close is at most this many median neighbour steps. Default 2. */
  acceptSteps?: number;
}

/** Fewer frames than this cannot show a turn and its close. */
const MIN_FRAMES = 8;
/** The level that separates "like the start" from "unlike it", as a share of the profile's 90th percentile. */
const VALLEY_LEVEL = 0.5;

function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  const at = Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))));
  return sorted[at]!;
}

const median = (values: readonly number[]): number => quantile(values, 0.5);

/**
 * How unlike the start each frame is: for frame j, frames 0..k-1 against j..j+k-1 (fewer pairs at the very end).
 * Entry 0 is 0.
 */
export function startDifferenceProfile(signatures: readonly FrameSignature[], alignFrames = 5): number[] {
  const n = signatures.length;
  const k = Math.max(1, Math.floor(alignFrames));
  const profile: number[] = new Array(n).fill(0);
  for (let j = 1; j < n; j++) {
    const pairs = Math.min(k, n - j);
    let sum = 0;
    for (let i = 0; i < pairs; i++) sum += frameDifference(signatures[i]!, signatures[j + i]!);
    profile[j] = sum / pairs;
  }
  return profile;
}

/** Median difference between each frame and the next. */
export function neighbourStep(signatures: readonly FrameSignature[]): number {
  const steps: number[] = [];
  for (let i = 1; i < signatures.length; i++) steps.push(frameDifference(signatures[i - 1]!, signatures[i]!));
  return median(steps);
}

/**
 * The close between frames: near a match the difference grows about linearly with the offset (a V), so the V
 * through the minimum and its neighbours puts the match within the sample. At the last frame, when the difference
 * is still falling, the match lies past it by the remaining difference over the slope, at most one frame (the
 * frame after the last is where a video of exactly one turn closes).
 */
export function refineValley(profile: readonly number[], j: number): number {
  const n = profile.length;
  const here = profile[j]!;
  const before = profile[j - 1]!;
  if (j === n - 1) {
    const slope = before - here;
    if (slope <= 0) return j;
    return j + Math.min(1, here / slope);
  }
  const after = profile[j + 1]!;
  const slope = Math.max(before - here, after - here);
  if (slope <= 0) return j;
  return j + Math.max(-0.5, Math.min(0.5, (before - after) / (2 * slope)));
}

export interface Valley {
  at: number;
  depth: number;
}

/** The stretches of `profile` from `from` on that lie below `level`, each by its lowest point. */
export function valleysOf(profile: readonly number[], from: number, level: number): Valley[] {
  const valleys: Valley[] = [];
  let current: Valley | undefined;
  for (let j = from; j < profile.length; j++) {
    const d = profile[j]!;
    if (d < level) {
      if (current === undefined || d < current.depth) current = { at: j, depth: d };
    } else if (current !== undefined) {
      valleys.push(current);
      current = undefined;
    }
  }
  if (current !== undefined) valleys.push(current);
  return valleys;
}

/** Finds where the turn closes. See the readings at the top of this file. */
export function findLoopClose(signatures: readonly FrameSignature[], options: LoopOptions = {}): LoopReading {
  const n = signatures.length;
  const acceptSteps = options.acceptSteps ?? 2;
  const whole = (outcome: LoopOutcome, stepDifference = 0, departure = -1): LoopReading => ({
    outcome,
    close: n,
    closeDifference: 0,
    stepDifference,
    departure,
  });
  if (n < MIN_FRAMES) return whole('too_few_frames');

  const profile = startDifferenceProfile(signatures, options.alignFrames ?? 5);
  const step = neighbourStep(signatures);
  const high = quantile(profile.slice(1), 0.9);
  // A video whose most different frames differ from the start no more than ordinary steps do is not turning.
  if (high <= acceptSteps * step || high === 0) return whole('no_turn', step);
  const level = VALLEY_LEVEL * high;
  const departure = profile.findIndex((d, j) => j > 0 && d >= level);
  if (departure < 0) return whole('no_turn', step);

  const valleys = valleysOf(profile, departure + 1, level);

  let chosen: Valley;
  if (valleys.length > 0) {
    const deepest = Math.min(...valleys.map((v) => v.depth));
    // Near-equal valleys (two whole turns) close after the first; a clearly shallower one is a look-alike view.
    const tolerance = Math.max(step, 0.25 * deepest);
    chosen = valleys.find((v) => v.depth <= deepest + tolerance)!;
  } else {
    // Short of a turn: after the frame most unlike the start the video heads back; end where it gets nearest.
    let peak = departure;
    for (let j = departure; j < n; j++) if (profile[j]! > profile[peak]!) peak = j;
    chosen = { at: peak, depth: profile[peak]! };
    for (let j = peak; j < n; j++) if (profile[j]! < chosen.depth) chosen = { at: j, depth: profile[j]! };
  }

  const closed = chosen.depth <= acceptSteps * step;
  return {
    outcome: closed ? 'closed' : 'short_of_turn',
    close: refineValley(profile, chosen.at),
    closeDifference: chosen.depth,
    stepDifference: step,
    departure,
  };
}

/** Signatures the video must have gone on past an early close, so its valley's bottom is known (half a second). */
export const EARLY_CLOSE_SETTLE_FRAMES = 8;

/**
 * The close of a video still being decoded, when no later frame can change it, so decoding can stop there: the
 * rule above, on the frames so far, closes the turn at most one ordinary step unlike the start, and the video has
 * gone on past it (the aligned comparison and EARLY_CLOSE_SETTLE_FRAMES more). Why later frames cannot change the
 * choice: a later valley is chosen over this one only when this one is shallower than it by more than
 * max(step, a quarter of it), impossible for a depth of at most one step; and an earlier valley passed over now
 * stays passed over, since a deeper valley later only lowers the bar it failed. The level and the step are read on
 * the frames so far, which a whole turn makes representative. Anything less sure (a valley only near the
 * acceptance, a video short of its turn) is left to the whole video.
 */
export function findEarlyClose(
  signatures: readonly FrameSignature[],
  options: LoopOptions = {},
): LoopReading | undefined {
  const reading = findLoopClose(signatures, options);
  if (reading.outcome !== 'closed' || reading.closeDifference > reading.stepDifference) return undefined;
  const align = Math.max(1, Math.floor(options.alignFrames ?? 5));
  if (signatures.length < reading.close + align + EARLY_CLOSE_SETTLE_FRAMES) return undefined;
  return reading;
}

/** `count` positions spread evenly over [0, close): position `count` would be the close itself (frame 0 again). */
export function evenFramePositions(close: number, count: number): number[] {
  return Array.from({ length: count }, (_, k) => (k * close) / count);
}

/** The nearest sampled frame of each position, never past the last frame. */
export function nearestFrames(positions: readonly number[], frameTotal: number): number[] {
  return positions.map((p) => Math.max(0, Math.min(frameTotal - 1, Math.round(p))));
}

/**
 * The time of each (fractional) position, from the sampled frames' times: between samples by interpolation, past
 * the last sample by the last sample's spacing. The extraction pass picks the source frames at these times, which
 * are denser than the sampled ones.
 */
export function positionTimes(positions: readonly number[], times: readonly number[]): number[] {
  if (times.length === 0) return positions.map(() => 0);
  const lastSpacing = times.length > 1 ? times.at(-1)! - times.at(-2)! : 0;
  return positions.map((p) => {
    const i = Math.max(0, Math.floor(p));
    if (i >= times.length - 1) return times.at(-1)! + (p - (times.length - 1)) * lastSpacing;
    return times[i]! + (p - i) * (times[i + 1]! - times[i]!);
  });
}

export interface LoopPlan {
  reading: LoopReading;
  /** `frameCount` fractional positions over [0, close). */
  positions: number[];
  /** The nearest sampled frame of each position. */
  frames: number[];
}

/** The spin's frames over one turn: find the close, then spread `frameCount` frames evenly before it. */
export function planLoop(signatures: readonly FrameSignature[], frameCount = 36, options: LoopOptions = {}): LoopPlan {
  const reading = findLoopClose(signatures, options);
  const positions = evenFramePositions(reading.close, frameCount);
  return { reading, positions, frames: nearestFrames(positions, signatures.length) };
}

export interface LoopJump {
  /** Difference from the last chosen frame back to the first. */
  jump: number;
  /** Median difference between consecutive chosen frames. */
  medianStep: number;
  /** jump / medianStep: about 1 (or less) for a seamless loop, several times more for a visible jump. */
  ratio: number;
  /**
   * jump against the two steps either side of the wrap (last but one to last, first to second): the steps vary
   * along a turn with how much detail passes, so this says whether the wrap looks like its own neighbours. Near 1
   * when seamless; near 0 when the last frame repeats the first (a stutter); well above 1 for a jump.
   */
  localRatio: number;
}

const safeRatio = (a: number, b: number): number => (b === 0 ? (a === 0 ? 1 : Number.POSITIVE_INFINITY) : a / b);

/** How visible the wrap from the spin's last frame to its first is, against its ordinary steps. */
export function loopJump(signatures: readonly FrameSignature[], frames: readonly number[]): LoopJump {
  if (frames.length < 3) throw new RangeError('a spin needs at least 3 frames to measure its jump');
  const at = (i: number) => signatures[frames[i]!]!;
  const steps: number[] = [];
  for (let i = 1; i < frames.length; i++) steps.push(frameDifference(at(i - 1), at(i)));
  const jump = frameDifference(at(frames.length - 1), at(0));
  const medianStep = median(steps);
  const around = (steps[0]! + steps.at(-1)!) / 2;
  return { jump, medianStep, ratio: safeRatio(jump, medianStep), localRatio: safeRatio(jump, around) };
}
