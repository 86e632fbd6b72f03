import { describe, expect, it } from 'vitest';
import {
  EARLY_CLOSE_SETTLE_FRAMES,
  evenFramePositions,
  type FrameSignature,
  findEarlyClose,
  findLoopClose,
  frameDifference,
  loopJump,
  nearestFrames,
  planLoop,
  positionTimes,
  startDifferenceProfile,
} from './loop.ts';
import { seededRandom as random } from './seeded-random.ts';

interface Scene {
  /** Frames per turn. */
  period: number;
  turns: number;
  /** Camera noise: the standard deviation added to each pixel. */
  noise?: number;
  seed?: number;
  /** Strength (0..1) of the part of the scene that repeats every half turn, as a car looks alike front and back. */
  halfTurnLookAlike?: number;
  /**
   * Cycles per turn of the scene's waves. The default mixes broad shapes with detail that nearly repeats every
   * fifth of a turn; broad shapes alone make a difference from the start that grows until half a turn and then
   * falls steadily back.
   */
  cycles?: readonly number[];
  /** The turn reached at frame f (a walker's uneven pace); by default f / period. */
  turnAt?: (frame: number) => number;
}

/**
 * Signatures of a turntable: a 32x6 window onto a scene that wraps around once per turn (a sum of sinusoids of
 * the angle, different on each row), moved on by 1/period of a turn every frame, with Gaussian noise.
 */
function turntable({
  period,
  turns,
  noise = 0,
  seed = 1,
  halfTurnLookAlike = 0,
  cycles = [1, 2, 3, 5],
  turnAt = (f) => f / period,
}: Scene): number[][] {
  const rand = random(seed);
  const width = 32;
  const rows = 6;
  const view = 0.25;
  const waves = Array.from({ length: rows }, () =>
    cycles.map((c) => ({ cycles: c, phase: rand() * 2 * Math.PI, amplitude: 20 + rand() * 25 })),
  );
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const frames = Math.round(turns * period);
  return Array.from({ length: frames }, (_, f) => {
    const signature: number[] = [];
    for (let r = 0; r < rows; r++) {
      for (let x = 0; x < width; x++) {
        const angle = 2 * Math.PI * (turnAt(f) + (view * x) / width);
        let v = 128;
        for (const w of waves[r]!) {
          const odd = w.cycles % 2 === 1;
          const scale = odd ? 1 - halfTurnLookAlike : 1;
          v += scale * w.amplitude * Math.sin(w.cycles * angle + w.phase);
        }
        signature.push(Math.max(0, Math.min(255, v + noise * gauss())));
      }
    }
    return signature;
  });
}

describe('frameDifference', () => {
  it.each([
    [[1, 2, 3], [1, 2, 3], 0],
    [[0, 0], [255, 255], 255],
    [[10, 20], [20, 10], 10],
    [[0, 0, 0, 0], [4, 0, 0, 0], 1],
    [[], [], 0],
  ])('%j against %j is %d', (a, b, d) => {
    expect(frameDifference(a, b)).toBe(d);
  });

  it('refuses signatures of different sizes', () => {
    expect(() => frameDifference([1, 2], [1])).toThrow(RangeError);
  });
});

describe('findLoopClose on a turntable', () => {
  it.each([
    { turns: 1.0, period: 120, noise: 0 },
    { turns: 1.0, period: 90, noise: 8 },
    { turns: 1.25, period: 120, noise: 0 },
    { turns: 1.25, period: 120, noise: 8 },
    { turns: 1.25, period: 75, noise: 15 },
    { turns: 1.5, period: 100, noise: 0 },
    { turns: 1.5, period: 137, noise: 10 },
    { turns: 1.1, period: 150, noise: 5 },
  ])('closes at the period within one frame: $turns turns of $period frames, noise $noise', (scene) => {
    const signatures = turntable(scene);
    const reading = findLoopClose(signatures);
    expect(reading.outcome).toBe('closed');
    expect(Math.abs(reading.close - scene.period)).toBeLessThanOrEqual(1);
    expect(reading.departure).toBeGreaterThan(0);
    expect(reading.departure).toBeLessThan(scene.period / 2);
  });

  it('property: 40 random turntables between 1.0 and 1.6 turns close within one frame of the period', () => {
    const rand = random(2024);
    for (let run = 0; run < 40; run++) {
      const scene = {
        period: 60 + Math.floor(rand() * 140),
        turns: 1 + rand() * 0.6,
        noise: rand() * 15,
        seed: 1 + Math.floor(rand() * 1e6),
      };
      const reading = findLoopClose(turntable(scene));
      expect(reading.outcome, JSON.stringify(scene)).toBe('closed');
      expect(Math.abs(reading.close - scene.period), JSON.stringify(scene)).toBeLessThanOrEqual(1);
    }
  });

  it('property: a walker at an uneven pace (30 % faster and slower by turns) still closes within one frame', () => {
    const rand = random(77);
    for (let run = 0; run < 20; run++) {
      const period = 80 + Math.floor(rand() * 100);
      const amplitude = 0.3 * (0.5 + rand() * 0.5);
      const cycle = 40 + rand() * 60;
      const phase = rand() * 2 * Math.PI;
      // The pace is 1 + amplitude * cos(2 pi f / cycle + phase) frames of an even walk per frame, so by frame f
      // the walk has covered this many even frames:
      const covered = (f: number) =>
        f + ((amplitude * cycle) / (2 * Math.PI)) * (Math.sin((2 * Math.PI * f) / cycle + phase) - Math.sin(phase));
      const turnAt = (f: number) => covered(f) / period;
      let close = period;
      while (turnAt(close) > 1) close -= 0.01;
      while (turnAt(close) < 1) close += 0.01;
      const scene = { period, turns: 1.3, noise: 6, seed: run + 1, turnAt };
      const reading = findLoopClose(turntable(scene));
      expect(reading.outcome, `run ${run}`).toBe('closed');
      expect(Math.abs(reading.close - close), `run ${run}: expected ${close}`).toBeLessThanOrEqual(1);
    }
  });

  it('closes after the first turn of a video that makes two, even when the second passes nearer the start', () => {
    // The same scene without noise around the second close, so that valley is the deeper one.
    const noisy = turntable({ period: 80, turns: 2.2, noise: 8 });
    const clean = turntable({ period: 80, turns: 2.2, noise: 0 });
    const signatures = noisy.map((frame, i) => (Math.abs(i - 160) <= 8 ? clean[i]! : frame));
    const profile = startDifferenceProfile(signatures);
    expect(profile[160]!).toBeLessThan(profile[80]!);
    const reading = findLoopClose(signatures);
    expect(reading.outcome).toBe('closed');
    expect(Math.abs(reading.close - 80)).toBeLessThanOrEqual(1);
  });

  it('passes over the half turn of a scene that looks alike front and back', () => {
    const signatures = turntable({ period: 120, turns: 1.25, noise: 5, halfTurnLookAlike: 0.8 });
    // The half turn is a valley of its own (well below the level of "unlike the start"), but shallower.
    const profile = startDifferenceProfile(signatures);
    expect(Math.min(...profile.slice(50, 70))).toBeLessThan(0.75 * Math.max(...profile));
    const reading = findLoopClose(signatures);
    expect(Math.abs(reading.close - 120)).toBeLessThanOrEqual(1);
  });

  it.each([0.6, 0.75, 0.85])('a video of %d turn says it is short and ends no worse than its last frame', (turns) => {
    const signatures = turntable({ period: 120, turns, noise: 5 });
    const reading = findLoopClose(signatures);
    expect(reading.outcome).toBe('short_of_turn');
    // Nothing is like the start: the difference at the end chosen is far above an ordinary step.
    expect(reading.closeDifference).toBeGreaterThan(3 * reading.stepDifference);
    const profile = startDifferenceProfile(signatures);
    expect(reading.closeDifference).toBeLessThanOrEqual(profile.at(-1)!);
    expect(reading.close).toBeGreaterThan(signatures.length / 2);
  });

  it.each([0.6, 0.75, 0.9])(
    'a video of %d turn of a broad scene, nearing its start to the end, is used whole',
    (turns) => {
      const signatures = turntable({ period: 120, turns, noise: 5, cycles: [1] });
      const reading = findLoopClose(signatures);
      expect(reading.outcome).toBe('short_of_turn');
      expect(reading.close).toBeGreaterThan(signatures.length - 1);
      expect(reading.close).toBeLessThanOrEqual(signatures.length);
    },
  );

  it('ends a short video where it comes back nearest the start, even when it then turns away again', () => {
    // Four fifths of a turn forward, then back a little: the nearest point to the start is the turning point,
    // found within the 5 frames the comparison aligns (the reversal falls inside them).
    const forward = turntable({ period: 120, turns: 0.8, noise: 2, seed: 9, cycles: [1] });
    const backward = forward.slice(-25, -1).reverse();
    const signatures = [...forward, ...backward];
    const reading = findLoopClose(signatures);
    expect(reading.outcome).toBe('short_of_turn');
    expect(Math.abs(reading.close - (forward.length - 1))).toBeLessThanOrEqual(3);
  });

  it('uses the whole video when nothing turns', () => {
    const still = turntable({ period: 1e9, turns: 120 / 1e9, noise: 6 });
    expect(still).toHaveLength(120);
    const reading = findLoopClose(still);
    expect(reading.outcome).toBe('no_turn');
    expect(reading.close).toBe(120);
  });

  it('uses the whole video when there are too few frames to judge', () => {
    const reading = findLoopClose(turntable({ period: 6, turns: 1, noise: 0 }));
    expect(reading).toMatchObject({ outcome: 'too_few_frames', close: 6 });
  });
});

describe('findEarlyClose: the close while the video is still being decoded', () => {
  it('is unknown until the video has gone past the close, then the whole video’s close', () => {
    const scene = { turns: 1.25, period: 120, noise: 8 };
    const all = turntable(scene);
    const whole = findLoopClose(all);
    expect(findEarlyClose(all.slice(0, 100))).toBeUndefined();
    expect(findEarlyClose(all.slice(0, scene.period + 2))).toBeUndefined();
    const early = findEarlyClose(all.slice(0, scene.period + 5 + EARLY_CLOSE_SETTLE_FRAMES + 1));
    expect(early?.outcome).toBe('closed');
    expect(Math.abs(early!.close - whole.close)).toBeLessThanOrEqual(0.5);
  });

  it('property: on 40 random turntables an early close is the whole video’s close, within half a frame', () => {
    const rand = random(77);
    let early = 0;
    for (let run = 0; run < 40; run++) {
      const scene = {
        period: 60 + Math.floor(rand() * 140),
        turns: 1.15 + rand() * 0.5,
        noise: rand() * 15,
        seed: 1 + Math.floor(rand() * 1e6),
      };
      const all = turntable(scene);
      const whole = findLoopClose(all);
      // The first prefix, growing a frame at a time, that closes early.
      for (let n = 8; n <= all.length; n++) {
        const reading = findEarlyClose(all.slice(0, n));
        if (!reading) continue;
        early++;
        expect(Math.abs(reading.close - whole.close), JSON.stringify(scene)).toBeLessThanOrEqual(0.5);
        break;
      }
    }
    // Most of them close early: the point is to stop decoding.
    expect(early).toBeGreaterThan(30);
  });

  it('leaves to the whole video a turn short of closing and a car alike front and back before its turn', () => {
    expect(findEarlyClose(turntable({ turns: 0.8, period: 120 }))).toBeUndefined();
    // The scene of the look-alike test above: its half-turn valley (near frame 60) must not stop the decoding.
    const lookAlike = turntable({ period: 120, turns: 1.25, noise: 5, halfTurnLookAlike: 0.8 });
    for (let n = 70; n <= 110; n += 10) expect(findEarlyClose(lookAlike.slice(0, n))).toBeUndefined();
    const whole = findLoopClose(lookAlike);
    expect(Math.abs(whole.close - 120)).toBeLessThanOrEqual(1);
    expect(Math.abs(findEarlyClose(lookAlike)!.close - whole.close)).toBeLessThanOrEqual(0.5);
  });
});

describe('even spacing over the turn', () => {
  it('spreads N positions over [0, close) so that position N would be the close', () => {
    expect(evenFramePositions(120, 4)).toEqual([0, 30, 60, 90]);
    expect(evenFramePositions(10, 4)).toEqual([0, 2.5, 5, 7.5]);
  });

  it('rounds to the nearest sampled frame, never past the last', () => {
    expect(nearestFrames([0, 2.5, 5.49, 9.8], 9)).toEqual([0, 3, 5, 8]);
  });

  it.each([
    [
      [0, 1.5, 3],
      [0, 0.1, 0.2, 0.3],
      [0, 0.15, 0.3],
    ],
    [
      [3.5, 4],
      [0, 0.1, 0.2, 0.3],
      [0.35, 0.4],
    ],
    [[0.5], [1, 3], [2]],
  ])('positions %j over times %j are at %j', (positions, times, expected) => {
    const got = positionTimes(positions, times);
    expect(got).toHaveLength(expected.length);
    for (const [i, t] of got.entries()) expect(t).toBeCloseTo(expected[i]!, 9);
  });

  it('the 1.25-turn spin wraps from its last frame to its first like any other step; the whole video jumps', () => {
    const signatures = turntable({ period: 150, turns: 1.25, noise: 6, seed: 5 });
    const plan = planLoop(signatures, 36);
    expect(plan.frames).toHaveLength(36);
    for (let i = 1; i < 36; i++) expect(plan.frames[i]!).toBeGreaterThan(plan.frames[i - 1]!);
    const seamless = loopJump(signatures, plan.frames);
    expect(seamless.ratio).toBeGreaterThan(0.5);
    expect(seamless.ratio).toBeLessThan(1.6);
    expect(seamless.localRatio).toBeGreaterThan(0.6);
    expect(seamless.localRatio).toBeLessThan(1.5);

    const naive = nearestFrames(evenFramePositions(signatures.length, 36), signatures.length);
    // The whole video ends a fifth of a turn past the start; the difference saturates on detail, hence only 2x.
    expect(loopJump(signatures, naive).ratio).toBeGreaterThan(2);
    expect(loopJump(signatures, naive).ratio).toBeGreaterThan(1.8 * seamless.ratio);
  });

  it('loopJump measures the wrap against the median step', () => {
    const line: FrameSignature[] = [[0], [10], [20], [30], [60]];
    expect(loopJump(line, [0, 1, 2, 3])).toEqual({ jump: 30, medianStep: 10, ratio: 3, localRatio: 3 });
    expect(loopJump(line, [0, 1, 2, 4])).toEqual({ jump: 60, medianStep: 10, ratio: 6, localRatio: 2.4 });
    expect(() => loopJump(line, [0, 1])).toThrow(RangeError);
  });
});
