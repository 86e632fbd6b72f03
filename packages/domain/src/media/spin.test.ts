import { describe, expect, it } from 'vitest';
import {
  horizontalShift,
  nearestCandidates,
  reverseForCorrection,
  spinDirection,
  spinFrameSize,
  spinOrder,
} from './spin.ts';

/** Seeded so every run sees the same scenes. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const W = 32;
const H = 18;

/** A scene strip wider than the view, seen through a W-wide window moving `speed` columns a frame. */
function walk(frames: number, speed: number, seed = 7, noise = 0): Uint8Array[] {
  const rnd = random(seed);
  const stripWidth = 400;
  const strip = Array.from({ length: H }, () => {
    // Smooth detail: a random walk, so neighbouring columns are alike as in a downscaled photograph.
    const row: number[] = [];
    let v = 128;
    for (let x = 0; x < stripWidth; x++) {
      v = Math.max(0, Math.min(255, v + (rnd() - 0.5) * 60));
      row.push(v);
    }
    return row;
  });
  return Array.from({ length: frames }, (_, i) => {
    const offset = 150 + i * speed;
    const out = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const at = offset + x;
        const base = Math.floor(at);
        const f = at - base;
        const value = strip[y]![base]! * (1 - f) + strip[y]![base + 1]! * f;
        out[y * W + x] = Math.max(0, Math.min(255, Math.round(value + (rnd() - 0.5) * noise)));
      }
    }
    return out;
  });
}

describe('the spin direction', () => {
  it('finds the shift that lines two pictures up', () => {
    const [a, , b] = walk(3, 1.5);
    // The window moved 3 columns to the right, so the content moved 3 to the left.
    expect(horizontalShift(a!, b!, W, 8)).toBe(-3);
    expect(horizontalShift(b!, a!, W, 8)).toBe(3);
    expect(horizontalShift(a!, a!, W, 8)).toBe(0);
  });

  it('reads content moving to the left as right to left, and the other way as left to right', () => {
    const left = spinDirection(walk(60, 1), { width: W });
    expect(left.direction).toBe('right_to_left');
    expect(left.meanShift).toBeCloseTo(-2, 0);
    const right = spinDirection(walk(60, -1), { width: W });
    expect(right.direction).toBe('left_to_right');
    expect(right.meanShift).toBeCloseTo(2, 0);
  });

  it('holds under camera noise and at less than a column a frame', () => {
    expect(spinDirection(walk(120, 0.4, 3, 20), { width: W }).direction).toBe('right_to_left');
    expect(spinDirection(walk(120, -0.4, 3, 20), { width: W }).direction).toBe('left_to_right');
  });

  it('says unknown for a picture that does not move sideways, or too few frames', () => {
    expect(spinDirection(walk(60, 0, 5, 4), { width: W }).direction).toBe('unknown');
    expect(spinDirection(walk(2, 1), { width: W })).toMatchObject({ direction: 'unknown', pairs: 0 });
  });

  it('reads only the frames of the turn when told', () => {
    const frames = [...walk(40, 1), ...walk(200, -1, 9)];
    expect(spinDirection(frames, { width: W }, 0, 40).direction).toBe('right_to_left');
    expect(spinDirection(frames, { width: W }).direction).toBe('left_to_right');
  });
});

describe('the spin order', () => {
  it('keeps the order, or reverses it with frame 0 first', () => {
    expect(spinOrder(5, false)).toEqual([0, 1, 2, 3, 4]);
    expect(spinOrder(5, true)).toEqual([0, 4, 3, 2, 1]);
    expect(spinOrder(1, true)).toEqual([0]);
  });

  it('reverses only a walk read the other way', () => {
    expect(reverseForCorrection('left_to_right')).toBe(true);
    expect(reverseForCorrection('right_to_left')).toBe(false);
    expect(reverseForCorrection('unknown')).toBe(false);
  });
});

describe('choosing candidates', () => {
  it('takes the nearest candidate of each wanted time', () => {
    const times = [0, 0.25, 0.5, 0.75, 1];
    expect(nearestCandidates([0, 0.1, 0.13, 0.6, 0.9, 5, -1], times)).toEqual([0, 0, 1, 2, 4, 4, 0]);
    expect(nearestCandidates([1], [])).toEqual([-1]);
  });
});

describe('the spin frame size', () => {
  // Fits the exterior size, keeps the aspect and never enlarges; odd sizes become even (what the encoders want).
  it.each([
    ['fits the exterior size', [3840, 2160], [1920, 1080], [1920, 1080]],
    ['never enlarges', [320, 180], [1920, 1080], [320, 180]],
    ['keeps the aspect', [1440, 1080], [1280, 720], [960, 720]],
    ['makes odd sizes even', [853, 479], [1920, 1080], [854, 480]],
  ] as const)('%s', (_name, [width, height], [maxWidth, maxHeight], [fitWidth, fitHeight]) => {
    expect(spinFrameSize({ width, height }, { width: maxWidth, height: maxHeight })).toEqual({
      width: fitWidth,
      height: fitHeight,
    });
  });
});
