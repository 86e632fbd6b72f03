import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createMedia } from '../../src/platform/media/index.ts';

/**
 * The background blurred around a subject (Media.blurImage with a subject mask, the exterior's blur around the car):
 * the subject stays as it is and does not bleed into the blurred background (no dark halo around a dark car).
 */

describe('blurImage around a subject', () => {
  it('keeps the subject and leaves the background next to it as light as it was', async () => {
    const width = 200;
    const height = 100;
    // A black car (the middle 80x40) on a white wall.
    const picture = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
      .composite([
        {
          input: await sharp({ create: { width: 80, height: 40, channels: 3, background: '#000000' } })
            .png()
            .toBuffer(),
          left: 60,
          top: 30,
        },
      ])
      .png()
      .toBuffer();
    const alpha = new Uint8Array(50 * 25);
    for (let y = 0; y < 25; y++)
      for (let x = 0; x < 50; x++) alpha[y * 50 + x] = x >= 15 && x < 35 && y >= 8 && y < 18 ? 255 : 0;
    const spec = { look: { kind: 'blur', sigma: () => 8 }, areas: [], maxInputPixels: 1e7, quality: 95 } as const;
    const media = createMedia();
    const grey = async (subject?: { width: number; height: number; alpha: Uint8Array }) => {
      const out = await media.blurImage(picture, { ...spec, target: 'background', subject });
      const pixels = await sharp(out.jpeg).greyscale().raw().toBuffer();
      return (x: number, y: number) => pixels[y * width + x]!;
    };
    const around = await grey({ width: 50, height: 25, alpha });
    const plain = await grey();
    expect(around(100, 50)).toBeLessThan(20);
    // Four pixels off the car's side and top: the plain blur darkens them, the blur around the car does not.
    for (const [x, y] of [
      [56, 50],
      [100, 26],
    ] as const) {
      expect(plain(x, y)).toBeLessThan(200);
      expect(around(x, y)).toBeGreaterThan(215);
    }
  });
});
