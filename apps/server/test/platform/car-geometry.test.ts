import { describe, expect, it } from 'vitest';
import { carPose, IDENTITY, matters, spinCorrections } from '../../src/platform/ai/car-geometry.ts';
import type { CarMask } from '../../src/platform/ai/car-mask.ts';

/**
 * The rotation correction's geometry (platform/ai/car-geometry.ts) on drawn masks: a car body standing on two tyres,
 * its lean read from the tyres, and the corrections that bring every frame's car to the row's median.
 */

const W = 200;
const H = 100;

/** A body from x0 to x1 above y `top`..`bottom`, and two tyres under its ends, the right one `drop` pixels lower. */
function car(x0: number, x1: number, top: number, bottom: number, drop = 0): CarMask {
  const alpha = new Uint8Array(W * H);
  const fill = (ax: number, bx: number, ay: number, by: number) => {
    for (let y = ay; y < by; y++) for (let x = ax; x < bx; x++) alpha[y * W + x] = 255;
  };
  fill(x0, x1, top, bottom);
  const tyre = Math.round((x1 - x0) / 6);
  fill(x0 + tyre, x0 + 2 * tyre, bottom, bottom + 6);
  fill(x1 - 2 * tyre, x1 - tyre, bottom, bottom + 6 + drop);
  const y1 = bottom + 6 + drop;
  return { width: W, height: H, alpha, box: { x: x0 / W, y: top / H, w: (x1 - x0) / W, h: (y1 - top) / H }, area: 0.3 };
}

describe('carPose', () => {
  it('reads the foot, the height and the lean under the tyres (right side lower: a positive lean)', () => {
    const level = carPose(car(40, 160, 30, 70))!;
    expect(level.tilt).toBe(0);
    expect(level.foot).toEqual({ x: 0.5, y: 0.76 });
    expect(level.height).toBeCloseTo(0.46);
    const leaning = carPose(car(40, 160, 30, 70, 4))!;
    expect(leaning.tilt).toBeGreaterThan(0.03);
  });
});

describe('spinCorrections', () => {
  it('brings each car to the median foot and height, levelled, and bounds what a wrong mask can do', () => {
    const poses = [car(40, 160, 30, 70), car(40, 160, 30, 70), car(60, 140, 40, 66), car(40, 160, 30, 70, 4)].map(
      carPose,
    );
    const [same, , small, leaning] = spinCorrections(poses);
    expect(matters(same!)).toBe(false);
    expect(small!.scale).toBeGreaterThan(1.2 - 1e-9);
    expect(small!.scale).toBeLessThanOrEqual(1.2);
    expect(small!.shift.y).toBeCloseTo(0.76 - 0.72);
    expect(leaning!.angle).toBeLessThan(0);
    expect(leaning!.angle).toBeGreaterThanOrEqual((-4 * Math.PI) / 180);
  });

  it('leaves every frame as it is when fewer than half show a car', () => {
    expect(spinCorrections([carPose(car(40, 160, 30, 70)), undefined, undefined])).toEqual([
      IDENTITY,
      IDENTITY,
      IDENTITY,
    ]);
  });
});
