import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderImage } from '../../src/platform/media/image-renditions.ts';

/**
 * A picture's every size is made without sharp's clone(), which copies its input (here the decoded master, 113 MB
 * for a 37-megapixel upload) on the event loop: sixteen such uploads held the server's loop for seconds and `/readyz`
 * behind it (bench/hostile-uploads.ts, docs/operations.md).
 */

afterEach(() => {
  vi.restoreAllMocks();
});

describe('renderImage', () => {
  it('makes the master and every rendition from the decoded pixels without cloning a pipeline', async () => {
    const clone = vi.spyOn(sharp.prototype, 'clone');
    const input = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const rendered = await renderImage(input, {
      maxInputPixels: 64 * 36,
      masterQuality: 90,
      quality: { jpeg: 80, webp: 75 },
      renditions: { thumbnail: { width: 32 }, display: { width: 64 } },
    });
    expect(clone).not.toHaveBeenCalled();
    expect([rendered.width, rendered.height]).toEqual([64, 36]);
    for (const [name, width] of [
      ['thumbnail', 32],
      ['display', 64],
    ] as const) {
      const r = rendered.renditions[name];
      expect(r?.width).toBe(width);
      expect((await sharp(r?.jpeg).metadata()).format).toBe('jpeg');
      expect((await sharp(r?.webp).metadata()).width).toBe(width);
    }
  });
});
