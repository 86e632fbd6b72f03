import { distance, fineDriftDistance } from './turn-distance.ts';
import { interpolate } from './turn-frames.ts';

/**
 * The angle of each moving frame of a turn, from what the frames show as well as from time (issue 18, docs/decisions.md
 * "Spin: exact order"). Two readings, each wrong in its own way:
 * - time (turn.ts counts the moving frames): right while the walker keeps a steady pace, off by as much as the pace
 *   changes (3 views of 51 at 0.25 to 0.5 views a frame, 6 views slow-fast-slow);
 * - appearance (how far the picture has changed, at the scale of a few views): right whatever the pace, but a car's
 *   look changes faster at some sides than at others (the test car: twice as fast at the rear corners), which is 2
 *   to 3 views off when read alone.
 * The look's rate is modelled as a function of the angle with a period of half a turn (a car is alike front and back:
 * its depth across the line of sight, which sets how fast the picture moves, repeats every half turn), fitted so the
 * walker's pace left over is as steady as the frames allow; the leftover pace is the walker's. When the two readings
 * agree within what the look's variation explains, time stays (it is exact at a steady pace); when they part by more,
 * the fitted appearance takes over.
 */

/** The view has changed by this share of the median difference between far-apart frames: a few views on a car. */
const SCALE = 0.45;
/** Keys read at most (a turn of 400 moving frames reads each view of a 51-view car about 8 times). */
const MAX_KEYS = 400;
/** Signatures between new views that mean the walker crept (turn.ts's STEADY_GAP), and over what share of keys. */
const CREEP_GAP = 3;
const CREEP_SHARE = 0.1;
/** Keys past the close read by appearance: fewer than the early close waits for (turn.ts, ALIGN + EARLY_TURN_SETTLE). */
const PAST_CLOSE = 8;
/** Far-apart pairs of frames that set SCALE. */
const FAR_PAIRS = 4000;
/** Moving frames over which the pace is read: shorter spans measure the views' own steps, not the walker. */
const PACE_SPAN = 8;
/** Largest variation of the look's rate the fit may claim (a car's sides: 0.2 to 0.4 on the test car). */
const MAX_LOOK = 0.6;
/** Readings parting by less than this share of a turn keep time; by more than LOW + RAMP, the fitted appearance. */
const AGREE_LOW = 0.044;
const AGREE_RAMP = 0.015;

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Keys (fractional) from key a until the view has changed by `scale`, walking `dir`; undefined past the video. */
function keysToChange(
  z: readonly Float32Array[],
  at: readonly number[],
  a: number,
  scale: number,
  dir: 1 | -1,
): number | undefined {
  let before = 0;
  for (let b = a + dir, k = 1; b >= 0 && b < at.length; b += dir, k++) {
    const d = distance(z[at[a]!]!, z[at[b]!]!);
    if (d >= scale) return k - 1 + (scale - before) / Math.max(1e-9, d - before);
    before = Math.max(before, d);
  }
  return undefined;
}

/**
 * The appearance's angle at each key (moving frame), in units of SCALE: each key's rate is one over the keys it
 * takes the view to change by SCALE, forward and back averaged. Rests are already gone (keys), and a change read
 * over several views is neither the noise of one step nor the 0-or-2-views stutter of a sampled walk.
 */
export function appearanceAngles(z: readonly Float32Array[], at: readonly number[]): number[] {
  const m = at.length;
  // Pairs spread over the video, at most FAR_PAIRS of them (a long video's keys are thousands).
  const far: number[] = [];
  const stride = Math.max(1, Math.ceil(m / Math.sqrt(FAR_PAIRS)));
  for (let a = 0; a < m; a += stride)
    for (let b = a + 1; b < m; b += stride) far.push(distance(z[at[a]!]!, z[at[b]!]!));
  const scale = SCALE * median(far);
  const rate: number[] = new Array(m).fill(Number.NaN);
  for (let a = 0; a < m; a++) {
    const spans = [keysToChange(z, at, a, scale, 1), keysToChange(z, at, a, scale, -1)].filter(
      (s): s is number => s !== undefined && s > 0,
    );
    if (spans.length > 0) rate[a] = spans.reduce((x, s) => x + 1 / s, 0) / spans.length;
  }
  const fill = median(rate.filter((r) => !Number.isNaN(r))) || 1;
  const angles = [0];
  for (let a = 1; a < m; a++) {
    const r0 = Number.isNaN(rate[a - 1]!) ? fill : rate[a - 1]!;
    const r1 = Number.isNaN(rate[a]!) ? fill : rate[a]!;
    angles.push(angles[a - 1]! + (r0 + r1) / 2);
  }
  return angles;
}

/** The look's rate at `turn` (share of a turn): 1 + a cos + b sin, of period half a turn. */
const look = (turn: number, [a, b]: readonly [number, number]) =>
  1 + a * Math.cos(4 * Math.PI * turn) + b * Math.sin(4 * Math.PI * turn);

/** Key angles (shares of a turn, 1 at the fractional key `close`) of an appearance walked through `coef`'s look. */
function throughLook(appearance: readonly number[], close: number, coef: readonly [number, number]): number[] {
  const index = appearance.map((_, k) => k);
  let unit = interpolate(index, appearance, close);
  let turns: number[] = [0];
  // The look is read at the angle reached, so the angle's unit settles in a few rounds.
  for (let round = 0; round < 3 && unit > 0; round++) {
    turns = [0];
    for (let k = 1; k < appearance.length; k++) {
      const t = turns[k - 1]!;
      turns.push(t + (appearance[k]! - appearance[k - 1]!) / (unit * Math.max(0.2, look(t, coef))));
    }
    unit *= interpolate(index, turns, close);
  }
  const end = interpolate(index, turns, close);
  return end > 0 ? turns.map((t) => t / end) : turns;
}

/**
 * How unsteady the walker's pace is when `turns` are the angles: the total variation of its logarithm, read over
 * PACE_SPAN keys. A walker changes pace now and then, so a pace in steps costs its steps only, while a wrongly
 * fitted look adds a wave all round the turn (the variance instead bent the look to shave the biggest step).
 */
function unsteadiness(turns: readonly number[], time: readonly number[], close: number): number {
  const logs: number[] = [];
  for (let k = 0; k + PACE_SPAN < turns.length && k <= close; k++) {
    const dt = time[k + PACE_SPAN]! - time[k]!;
    const da = turns[k + PACE_SPAN]! - turns[k]!;
    if (dt > 0 && da > 0) logs.push(Math.log(da / dt));
  }
  if (logs.length === 0) return 0;
  let total = 0;
  for (let i = 1; i < logs.length; i++) total += Math.abs(logs[i]! - logs[i - 1]!);
  return total;
}

/** The appearance through the look that leaves the steadiest pace (coordinate descent, halving steps). */
export function fittedAngles(appearance: readonly number[], time: readonly number[], close: number): number[] {
  let coef: [number, number] = [0, 0];
  let best = unsteadiness(throughLook(appearance, close, coef), time, close);
  for (let step = 0.2; step >= 0.0124; step /= 2) {
    let improved = true;
    while (improved) {
      improved = false;
      for (const next of [
        [coef[0] - step, coef[1]],
        [coef[0] + step, coef[1]],
        [coef[0], coef[1] - step],
        [coef[0], coef[1] + step],
      ] as [number, number][]) {
        if (Math.hypot(...next) > MAX_LOOK) continue;
        const u = unsteadiness(throughLook(appearance, close, next), time, close);
        if (u < best - 1e-12) {
          best = u;
          coef = next;
          improved = true;
        }
      }
    }
  }
  return throughLook(appearance, close, coef);
}

/**
 * Whether the walker crept for a while: keys (new views) CREEP_GAP to 2 CREEP_GAP signatures apart, the picture
 * changing by less than a rest for two signatures and more while still moving, over CREEP_SHARE of the turn's keys.
 * A scene of uneven detail moved at a steady pace makes its look change unevenly too (the turntable test scene: five
 * times slower across its plainest part), but never so slowly that views come that far apart.
 */
function crept(at: readonly number[], close: number): boolean {
  let creeping = 0;
  let keys = 0;
  for (let k = 1; k < at.length && k <= close; k++) {
    const gap = at[k]! - at[k - 1]!;
    keys += 1;
    if (gap >= CREEP_GAP && gap <= 2 * CREEP_GAP) creeping += 1;
  }
  return keys > 0 && creeping >= CREEP_SHARE * keys;
}

/**
 * Whether the walker stopped for a while, drift or none: the picture over STOP_SPAN signatures either side changing,
 * forgiving a hand's drift (turn-distance.ts), by at most STOP_RATIO of its median change, at STOP_SHARE of the
 * signatures up to the close. A hand's drift and the noise change every signature, so a stop made while holding a
 * phone never reads as a rest nor as creeping (its signatures keep differing by more than the noise); yet forgiving
 * the drift, the same view stays the same (the phone-like clip: 0.33 of the median over each half-second stop),
 * while any motion, however plain the scene, changes the view over four signatures by more than a drift (the
 * turntable test scene, all of it a sideways slide: never under 0.55 of its median).
 */
const STOP_SPAN = 2;
const STOP_RATIO = 0.45;
const STOP_SHARE = 0.05;

function stopped(z: readonly Float32Array[], end: number, width: number): boolean {
  // A long video is read every few signatures (at most MAX_KEYS of them).
  const stride = Math.max(1, Math.ceil(end / MAX_KEYS));
  const spans: number[] = [];
  for (let i = STOP_SPAN; i + STOP_SPAN <= end; i += stride)
    spans.push(fineDriftDistance(z[i - STOP_SPAN]!, z[i + STOP_SPAN]!, width));
  const level = STOP_RATIO * median(spans);
  return spans.length > 0 && spans.filter((d) => d <= level).length >= STOP_SHARE * spans.length;
}

/**
 * Keys past the close the revisit of the start must span (the early close leaves 11), and the ratio of paces that
 * means the walker changed pace (steady clips read 0.88 to 1.02: the turntable, the real photographs with drift,
 * blur and exposure; a pace from 0.3 swelling to 0.42 and ebbing to 0.2 views a frame reads 1.44).
 */
const REVISIT_KEYS = 6;
const PACE_CHANGE = 1.3;

/**
 * Whether the walker ended the turn at another pace than they began it: the views just past the close are the
 * start's seen again, so the moving time they take against the time the start took compares the two paces whatever
 * the car looks like (a look changing from side to side cancels; a scene of uneven detail at a steady pace reads 1).
 */
function paceChanged(
  z: readonly Float32Array[],
  at: readonly number[],
  time: readonly number[],
  close: number,
  last: number,
  width: number,
) {
  const first = Math.ceil(close);
  if (last - first < REVISIT_KEYS) return false;
  const atClose = interpolate(
    at.map((_, k) => k),
    time,
    close,
  );
  // Each key past the close against the start's key it shows again (the nearest of the first keys), summed: the
  // moving time past the close over the start's moving time to the same views.
  let past = 0;
  let start = 0;
  for (let k = first; k <= last; k++) {
    let best = 0;
    let bestD = Number.POSITIVE_INFINITY;
    for (let m = 1; m <= 2 * (last - first) + 4 && m < first; m++) {
      const d = fineDriftDistance(z[at[m]!]!, z[at[k]!]!, width);
      if (d < bestD) {
        bestD = d;
        best = m;
      }
    }
    past += time[k]! - atClose;
    start += time[best]! - time[0]!;
  }
  const ratio = past / Math.max(1e-9, start);
  return ratio > PACE_CHANGE || ratio < 1 / PACE_CHANGE;
}

/**
 * Each key's angle as a share of the turn (0 at the first key, 1 at the fractional key `close`, on past it):
 * `time` (turn.ts's moving time of each key) where the readings agree, the fitted appearance where they part; the
 * appearance is read only when the walker crept, stopped or ended the turn at another pace than they began it
 * (above), never on a steady walk round uneven detail.
 * `width` is the signatures' width (the drift's forgiveness shifts them).
 */
export function keyTurns(
  z: readonly Float32Array[],
  at: readonly number[],
  time: readonly number[],
  close: number,
  width: number,
) {
  const index = at.map((_, k) => k);
  const timeClose = interpolate(index, time, close);
  const byTime = time.map((t) => (timeClose > 0 ? t / timeClose : 0));
  // Read up to PAST_CLOSE keys past the close, since the decoding may stop anywhere after them (the early close)
  // and a video must give the same frames however far it was decoded; past them, time.
  const last = Math.min(at.length - 1, Math.ceil(close) + PAST_CLOSE);
  if (
    !crept(at, close) &&
    !stopped(z, at[Math.min(last, Math.ceil(close))]!, width) &&
    !paceChanged(z, at, time, close, last, width)
  )
    return byTime;
  // A long or slow video's keys are read every `stride`-th (a few views apart at most), then read between.
  const stride = Math.max(1, Math.ceil((last + 1) / MAX_KEYS));
  const some = index.filter((k) => k <= last && (k % stride === 0 || k === last));
  const someFitted = fittedAngles(
    appearanceAngles(
      z,
      some.map((k) => at[k]!),
    ),
    some.map((k) => time[k]!),
    interpolate(
      some,
      some.map((_, i) => i),
      close,
    ),
  );
  const fitted = index.map((k) =>
    k <= last ? interpolate(some, someFitted, k) : someFitted.at(-1)! + byTime[k]! - byTime[last]!,
  );
  let apart = 0;
  for (let k = 0; k < at.length && k <= close; k++) apart = Math.max(apart, Math.abs(fitted[k]! - byTime[k]!));
  const weight = Math.min(1, Math.max(0, (apart - AGREE_LOW) / AGREE_RAMP));
  return byTime.map((t, k) => (1 - weight) * t + weight * fitted[k]!);
}
