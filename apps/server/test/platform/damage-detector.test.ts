import { describe, expect, it } from 'vitest';
import {
  damageProposals,
  excessOverMirror,
  type RowExcess,
  SPOT_RULES,
} from '../../src/platform/ai/damage-detector.ts';
import { type FrameMaps, MATCH_RADIUS, maxFilter } from '../../src/platform/ai/damage-maps.ts';

/**
 * The symmetry method for damage (platform/ai/damage-detector.ts) on drawn maps: a body panel whose structure is
 * compared with its mirror twin's. Only the comparison and the tracking are tested here; what the whole method finds
 * on real frames, and why it is not offered, is measured by bench/damage.ts (docs/operations.md, "Damage detection").
 */

const W = 120;
const H = 60;

/** A car filling x 20..100, y 10..50, its body all paint, with structure (energy 40) on the given pixels. */
function frame(marks: [number, number][]): FrameMaps {
  const body = new Uint8Array(W * H);
  for (let y = 10; y < 50; y++) for (let x = 20; x < 100; x++) body[y * W + x] = 1;
  const energy = new Float32Array(W * H);
  for (const [x, y] of marks) energy[y * W + x] = 40;
  return {
    width: W,
    height: H,
    body,
    energy,
    near: maxFilter(energy, W, H, MATCH_RADIUS),
    box: { x: 20, y: 10, w: 80, h: 40 },
  };
}

/** A short line of structure at (x, y), 6 pixels long. */
const line = (x: number, y: number): [number, number][] => Array.from({ length: 6 }, (_, i) => [x + i, y]);

describe('excessOverMirror', () => {
  it('keeps the structure one side has and its mirror place lacks, on that side only', () => {
    const scratched = frame([...line(30, 20), ...line(70, 40)]);
    // The twin has the second line at its mirrored place (x 45..50) one pixel off: a match, not a difference.
    const twin = frame(line(44 + 2, 40));
    const excess = excessOverMirror(scratched, [twin]);
    expect(excess[20 * W + 32]).toBe(40);
    expect(excess[40 * W + 72]).toBe(0);
    // Compared the other way, the twin shows nothing the scratched side lacks: no ghost of the scratch.
    expect(Math.max(...excessOverMirror(twin, [scratched]))).toBe(0);
  });

  it('finds nothing off the body, nor on a frame without a car', () => {
    const outside = frame(line(2, 2));
    expect(Math.max(...excessOverMirror(outside, [frame([])]))).toBe(0);
    expect(Math.max(...excessOverMirror({ ...frame(line(30, 20)), box: undefined }, [frame([])]))).toBe(0);
  });
});

describe('damageProposals', () => {
  /** A row of 36 frames whose excess maps hold a blob at x (moving 2 px a frame) on the frames listed. */
  function row(on: number[]): RowExcess {
    const excess = Array.from({ length: 36 }, (_, f) => {
      const map = new Float32Array(W * H);
      if (!on.includes(f)) return map;
      for (let y = 20; y < 24; y++) for (let x = 40 + 2 * f; x < 44 + 2 * f; x++) map[y * W + x] = 30;
      return map;
    });
    return { axis: { axis: 0, margin: 0.5 }, width: W, height: H, excess };
  }

  it('proposes a spot that neighbouring frames confirm, where the turn takes it', () => {
    const proposals = damageProposals(row([3, 4, 5, 6]));
    expect(proposals).toHaveLength(1);
    expect(proposals[0]?.keyFrames.map((k) => k.frame)).toEqual([3, 4, 5, 6]);
    expect(proposals[0]?.keyFrames[0]?.x).toBeCloseTo((41.5 + 6) / W);
  });

  it('drops a spot one or two frames alone show (a glint), and one too weak or too small', () => {
    expect(damageProposals(row([3, 4]))).toEqual([]);
    expect(damageProposals(row([3, 4, 5, 6]), { ...SPOT_RULES, excessMin: 31 })).toEqual([]);
    expect(damageProposals(row([3, 4, 5, 6]), { ...SPOT_RULES, minPixels: 17 })).toEqual([]);
  });
});
