import { describe, expect, it } from 'vitest';
import { distance, driftDistance, fineDriftDistance } from './turn-distance.ts';

const W = 32;
const H = 18;
/** A smooth picture (broad shapes, as a 32x18 thumbnail of a photograph), moved by (dx, dy) pixels. */
function picture(dx = 0, dy = 0): Float32Array {
  const out = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const u = x - dx;
      const v = y - dy;
      out[y * W + x] = Math.sin(u / 3) + Math.cos(v / 2.5) + 0.5 * Math.sin((u + v) / 4);
    }
  }
  return out;
}

describe('the close forgives a hand that drifted, the steps do not', () => {
  it('a picture moved by a pixel is the same view forgiving drift, and plainly not', () => {
    const a = picture();
    const b = picture(1, -1);
    expect(distance(a, b)).toBeGreaterThan(0.2);
    expect(driftDistance(a, b, W)).toBeLessThan(1e-6);
  });

  it('a drift of 1.5 pixels, between pixels, is forgiven by the fine comparison only', () => {
    const a = picture();
    const b = picture(1.5, 0.5);
    const fine = fineDriftDistance(a, b, W);
    expect(fine).toBeLessThan(0.02);
    expect(fine).toBeLessThan(driftDistance(a, b, W) / 3);
  });

  it('a drift past what is forgiven (3 pixels) stays a difference', () => {
    const a = picture();
    expect(fineDriftDistance(a, picture(3, 0), W)).toBeGreaterThan(0.1);
  });

  it('signatures that are no 32-wide picture are compared plainly', () => {
    const a = Float32Array.from([0, 1, 2]);
    const b = Float32Array.from([1, 1, 2]);
    expect(driftDistance(a, b, W)).toBeCloseTo(distance(a, b));
    expect(fineDriftDistance(a, b, W)).toBeCloseTo(distance(a, b));
  });
});
