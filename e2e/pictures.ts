import type { Locator } from 'playwright-core';
import sharp from 'sharp';

/**
 * A soft, photo-like JPEG: a few raw RGB pixels (`columns` to a row) blown up to `width`x`height` by a cubic
 * resize, so the pictures the tests upload are made here rather than committed.
 */
export function softJpeg(
  pixels: readonly number[],
  columns: number,
  size: { width: number; height: number },
  quality: number,
): Promise<Buffer> {
  const rows = pixels.length / 3 / columns;
  return sharp(Buffer.from(pixels), { raw: { width: columns, height: rows, channels: 3 } })
    .resize(size.width, size.height, { kernel: 'cubic' })
    .jpeg({ quality })
    .toBuffer();
}

/**
 * The mean red, green and blue (0..255) of a picture as the page shows it, read through a canvas; undefined while
 * the picture is not drawn yet.
 */
export function meanColourOf(image: Locator): Promise<{ r: number; g: number; b: number } | undefined> {
  return image.evaluate((node) => {
    const img = node as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = 128;
    canvas.height = 64;
    const context = canvas.getContext('2d');
    if (!context || !img.complete || img.naturalWidth === 0) return undefined;
    context.drawImage(img, 0, 0, 128, 64);
    const { data } = context.getImageData(0, 0, 128, 64);
    const sum = { r: 0, g: 0, b: 0 };
    for (let i = 0; i < data.length; i += 4) {
      sum.r += data[i]!;
      sum.g += data[i + 1]!;
      sum.b += data[i + 2]!;
    }
    const pixels = data.length / 4;
    return { r: sum.r / pixels, g: sum.g / pixels, b: sum.b / pixels };
  });
}
