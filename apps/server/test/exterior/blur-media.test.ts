import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { BlurSpec } from '../../src/platform/media/blur.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { checkerboard, rgbPixels } from '../helpers/pictures.ts';

/**
 * The media adapter's blur on real pixels: a checkerboard (sharp edges everywhere, so any blur shows) with a box
 * in the middle. Inside the box the picture changes; outside it stays (up to JPEG noise), or the other way round
 * for the background.
 */

const W = 320;
const H = 180;
const media = createMedia();
const box = { x: 0.25, y: 0.25, w: 0.5, h: 0.5 };

/** Mean absolute difference of two same-size pictures over the pixels `inside` picks (0..255). */
function difference(
  a: { data: Buffer; width: number },
  b: { data: Buffer },
  inside: (x: number, y: number) => boolean,
): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < a.data.length; i += 3) {
    const p = i / 3;
    if (!inside(p % a.width, Math.floor(p / a.width))) continue;
    for (let c = 0; c < 3; c++) sum += Math.abs(a.data[i + c]! - b.data[i + c]!);
    count += 3;
  }
  return count === 0 ? 0 : sum / count;
}

// A margin of 3 px round the box's edge, where the mask's anti-aliasing mixes both.
const inBox = (x: number, y: number) => x > W * 0.25 + 3 && x < W * 0.75 - 3 && y > H * 0.25 + 3 && y < H * 0.75 - 3;
const outBox = (x: number, y: number) => x < W * 0.25 - 3 || x > W * 0.75 + 3 || y < H * 0.25 - 3 || y > H * 0.75 + 3;

const spec = (over: Partial<BlurSpec>): BlurSpec => ({
  target: 'regions',
  look: { kind: 'blur', sigma: (width) => width / 40 },
  areas: [{ shape: 'rect', box }],
  maxInputPixels: 40_000_000,
  quality: 95,
  ...over,
});

describe('media.blurImage', () => {
  it('blurs inside the regions and leaves the rest', async () => {
    const input = await checkerboard(W, H);
    const original = await rgbPixels(input);
    const out = await media.blurImage(input, spec({}));
    expect([out.width, out.height]).toEqual([W, H]);
    const blurred = await rgbPixels(out.jpeg);
    // A checkerboard blurred at sigma 8 is an even grey: far from black and white.
    expect(difference(original, blurred, inBox)).toBeGreaterThan(80);
    expect(difference(original, blurred, outBox)).toBeLessThan(6);
  });

  it('blurs the background and leaves the regions', async () => {
    const input = await checkerboard(W, H);
    const original = await rgbPixels(input);
    const blurred = await rgbPixels((await media.blurImage(input, spec({ target: 'background' }))).jpeg);
    expect(difference(original, blurred, outBox)).toBeGreaterThan(80);
    expect(difference(original, blurred, inBox)).toBeLessThan(6);
  });

  it('fills with a colour instead of blurring', async () => {
    const input = await checkerboard(W, H);
    const out = await rgbPixels(
      (await media.blurImage(input, spec({ look: { kind: 'fill', color: '#ff0000' } }))).jpeg,
    );
    const centre = ((H / 2) * W + W / 2) * 3;
    expect(out.data[centre]).toBeGreaterThan(240);
    expect(out.data[centre + 1]).toBeLessThan(15);
    expect(out.data[centre + 2]).toBeLessThan(15);
    expect(difference(await rgbPixels(input), out, outBox)).toBeLessThan(6);
  });

  it('an ellipse leaves the corners of its box', async () => {
    const input = await checkerboard(W, H);
    const original = await rgbPixels(input);
    const out = await rgbPixels(
      (
        await media.blurImage(
          input,
          spec({ areas: [{ shape: 'ellipse', box }], look: { kind: 'fill', color: '#ff0000' } }),
        )
      ).jpeg,
    );
    const corner = (x: number, y: number) =>
      x > W * 0.25 + 1 && x < W * 0.25 + 12 && y > H * 0.25 + 1 && y < H * 0.25 + 8;
    expect(difference(original, out, corner)).toBeLessThan(6);
  });

  it('shrinks to the preview width, and blurs at the same relative strength', async () => {
    const input = await checkerboard(640, 360);
    const out = await media.blurImage(input, spec({ maxWidth: 320 }));
    expect([out.width, out.height]).toEqual([320, 180]);
  });

  it('takes a greyscale picture, and no region changes nothing', async () => {
    const grey = await sharp(await checkerboard(W, H))
      .greyscale()
      .jpeg()
      .toBuffer();
    const filled = await rgbPixels(
      (await media.blurImage(grey, spec({ look: { kind: 'fill', color: '#00ff00' } }))).jpeg,
    );
    expect(filled.data[((H / 2) * W + W / 2) * 3 + 1]).toBeGreaterThan(240);
    const input = await checkerboard(W, H);
    const same = await rgbPixels((await media.blurImage(input, spec({ areas: [] }))).jpeg);
    expect(difference(await rgbPixels(input), same, () => true)).toBeLessThan(6);
  });

  it('refuses bytes that are no picture and pictures above the pixel limit', async () => {
    await expect(media.blurImage(Buffer.from('not an image'), spec({}))).rejects.toThrow();
    await expect(media.blurImage(await checkerboard(W, H), spec({ maxInputPixels: 1000 }))).rejects.toThrow();
  });
});
