import { describe, expect, it } from 'vitest';
import { seededRandom as random } from './seeded-random.ts';
import { findTurn } from './turn.ts';

interface Walk {
  /** Signatures (15 a second) the walk lasts. */
  frames: number;
  /** The turn reached at signature f. */
  turnAt: (f: number) => number;
  /** How much faster the look changes at some sides: the scene is drawn at θ + look/(4π) sin 4πθ (half-turn period). */
  look?: number;
  noise?: number;
  /** A hand's drift at signature f, in pixels across (the scene slides under the window). */
  drift?: (f: number) => number;
}

/** 32x18 signatures of a scene that wraps once a turn (waves of the angle, each row its own), seen while walking. */
function walk({ frames, turnAt, look = 0, noise = 2, drift = () => 0 }: Walk): number[][] {
  const rand = random(7);
  const rows = 18;
  const width = 32;
  const waves = Array.from({ length: rows }, () =>
    [1, 2, 3, 5, 8].map((c) => ({ c, phase: rand() * 2 * Math.PI, amplitude: 10 + rand() * 20 })),
  );
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  return Array.from({ length: frames }, (_, f) => {
    const t = turnAt(f);
    const drawn = t + (look / (4 * Math.PI)) * Math.sin(4 * Math.PI * t);
    const out: number[] = [];
    for (let r = 0; r < rows; r++)
      for (let x = 0; x < width; x++) {
        const angle = 2 * Math.PI * (drawn + (0.25 * (x + drift(f))) / width);
        let v = 128;
        for (const w of waves[r]!) v += w.amplitude * Math.sin(w.c * angle + w.phase);
        out.push(Math.max(0, Math.min(255, v + noise * gauss())));
      }
    return out;
  });
}

/**
 * A pace (turns a signature) that is slow, four times as fast for a third of the turn, then slow again, walked to
 * `turns`: slow enough that the picture changes by less than its noise for a few signatures at a time (a creep).
 */
function slowFastSlow(turns: number, slow = 1 / 600): { frames: number; turnAt: (f: number) => number } {
  const reached = [0];
  while (reached.at(-1)! < turns) {
    const t = reached.at(-1)!;
    reached.push(t + (t > 0.2 && t < 0.55 ? 4 : 1) * slow);
  }
  return { frames: reached.length, turnAt: (f) => reached[f]! };
}

/** The largest miss, as a share of a turn, of the angle read at each signature before the close. */
function worstMiss(signatures: number[][], turnAt: (f: number) => number): number {
  const reading = findTurn(signatures);
  expect(reading.outcome).toBe('closed');
  let worst = 0;
  for (let f = 0; f < reading.close; f++) {
    const read = reading.angles[f]! / reading.turnAngle;
    worst = Math.max(worst, Math.abs(read - turnAt(f)));
  }
  return worst;
}

describe('the angle of a turn, from what the frames show', () => {
  it('a steady walk: the angle is the time (within a hundredth of a turn)', () => {
    const turnAt = (f: number) => f / 150;
    expect(worstMiss(walk({ frames: 165, turnAt, look: 0.3 }), turnAt)).toBeLessThan(0.01);
  });

  it('slow, four times as fast, slow: within a twentieth of a turn, where time alone misses by a fifth', () => {
    const { frames, turnAt } = slowFastSlow(1.1);
    const signatures = walk({ frames, turnAt });
    expect(worstMiss(signatures, turnAt)).toBeLessThan(0.05);
    // Time alone: the frame's share of the video up to the close.
    const close = findTurn(signatures).close;
    let byTime = 0;
    for (let f = 0; f < close; f++) byTime = Math.max(byTime, Math.abs(f / close - turnAt(f)));
    expect(byTime).toBeGreaterThan(0.15);
  });

  it('the same walk round a scene whose look changes faster at some sides: within a twentieth', () => {
    const { frames, turnAt } = slowFastSlow(1.1);
    expect(worstMiss(walk({ frames, turnAt, look: 0.3 }), turnAt)).toBeLessThan(0.05);
  });

  it('stops while the hand drifts (the stops read as still, forgiving the drift): within a twentieth', () => {
    // Two thirds of a second's stop every two seconds over the first half of the turn (15 signatures a second), the
    // drift wandering up to a pixel across, so the picture keeps changing while stopped. The appearance is read
    // here (turn-angle.ts, stopped), on a scene that slides as it turns, like the pipeline's turntable.
    const reached = [0];
    for (let f = 1; reached.at(-1)! < 1.1; f++) reached.push(reached.at(-1)! + (f % 30 >= 20 && f < 100 ? 0 : 1 / 110));
    const turnAt = (f: number) => reached[f]!;
    const drift = (f: number) => 0.6 * Math.sin((2 * Math.PI * f) / 23) + 0.4 * Math.sin((2 * Math.PI * f) / 9);
    expect(worstMiss(walk({ frames: reached.length, turnAt, noise: 3, drift }), turnAt)).toBeLessThan(0.05);
  });
});
