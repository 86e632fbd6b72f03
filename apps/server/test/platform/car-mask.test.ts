import { describe, expect, it } from 'vitest';
import { softEdge } from '../../src/platform/ai/car-edge.ts';
import { CAR_MASK_WIDTH, carMaskOf } from '../../src/platform/ai/car-mask.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { realSpinCar, realSpinViewJpeg } from '../helpers/real-spin.ts';

/**
 * The car mask (platform/ai/car-mask.ts) on the real white studio frames of threesixty-slider: the floor and the
 * soft shadow the car casts on it are background, the car down to its tyres is kept, and the mask's outline carries
 * little of the white studio (the halo a replaced background showed). Figures on the whole spin: bench/car-mask.ts.
 */

const media = createMedia();

describe('the car mask on a white studio frame', () => {
  for (const view of [0, 30]) {
    it(`keeps the car without its floor shadow and without a white rim (view ${view})`, async () => {
      const mask = await carMaskOf(media, await realSpinViewJpeg(view, 960));
      const car = await realSpinCar(view, CAR_MASK_WIDTH);
      const castShadow = await realSpinCar(view, CAR_MASK_WIDTH, 20);
      expect(mask.alpha.length).toBe(car.length);
      const on = (p: number) => (mask.alpha[p] ?? 0) >= 128;
      let both = 0;
      let either = 0;
      let shadow = 0;
      let shadowKept = 0;
      for (let p = 0; p < car.length; p++) {
        both += on(p) && car[p] ? 1 : 0;
        either += on(p) || car[p] ? 1 : 0;
        if (castShadow[p] && !car[p]) {
          shadow += 1;
          shadowKept += on(p) ? 1 : 0;
        }
      }
      expect(both / either, 'IoU with the car').toBeGreaterThan(0.85);
      expect(shadowKept / shadow, 'share of the floor shadow kept').toBeLessThan(0.25);
      // The tyres stay: the mask reaches down to the car's lowest row, within two pixels.
      const bottom = (has: (p: number) => boolean) => {
        for (let p = car.length - 1; p >= 0; p--) if (has(p)) return Math.floor(p / mask.width);
        return -1;
      };
      expect(Math.abs(bottom(on) - bottom((p) => car[p] === 1))).toBeLessThanOrEqual(2);
      // The outline's ring (mask pixels next to the background) carries mostly car, weighed by its alpha.
      let ring = 0;
      let studio = 0;
      for (let p = mask.width; p < car.length - mask.width; p++) {
        const x = p % mask.width;
        if (!mask.alpha[p] || x === 0 || x === mask.width - 1) continue;
        if ([p - 1, p + 1, p - mask.width, p + mask.width].every((q) => mask.alpha[q])) continue;
        ring += 1;
        if (!car[p]) studio += (mask.alpha[p] ?? 0) / 255;
      }
      expect(studio / ring, 'background carried by the outline').toBeLessThan(0.35);
    });
  }
});

describe('the outline of the mask', () => {
  it('drops a rim of the background but keeps a part of the car of neither colour (a white mirror by dark glass)', () => {
    // A dark car (40) on a grey studio (110), 20x12; its outline's column x=4 has the studio's grey at row 3 (a rim
    // the mask took) and a white mirror (230) at row 6.
    const width = 20;
    const height = 12;
    const rgb = new Uint8Array(width * height * 3).fill(110);
    const labels = new Uint8Array(width * height);
    const paint = (x: number, y: number, v: number) => rgb.fill(v, 3 * (y * width + x), 3 * (y * width + x) + 3);
    for (let y = 2; y < 10; y++) {
      for (let x = 4; x < 16; x++) {
        labels[y * width + x] = 1;
        if (x > 4) paint(x, y, 40);
      }
    }
    for (let y = 2; y < 10; y++) paint(4, y, 40);
    paint(4, 3, 110);
    paint(4, 6, 230);
    const alpha = softEdge({ width, height, rgb }, labels);
    expect(alpha[3 * width + 4], 'the rim').toBeLessThan(40);
    expect(alpha[6 * width + 4], 'the mirror').toBeGreaterThan(200);
    expect(alpha[5 * width + 4], 'the car').toBeGreaterThan(200);
    expect(alpha[6 * width + 10], 'inside').toBe(255);
  });
});
