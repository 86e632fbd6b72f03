import sharp from 'sharp';
import { guardedDecode } from './image-guard.ts';

/**
 * A picture cut to an exact size (automatic category images: a spin frame as 1920x1080): scaled to cover the size
 * and cropped around what libvips finds most salient (its `attention` strategy: skin, colour saturation and edges),
 * so a car off centre stays in the picture. Never enlarged past the source: the caller picks a size the source
 * covers. EXIF orientation applied, metadata dropped, a JPEG.
 */

const MAX_INPUT_PIXELS = 40_000_000;

export async function cropToSize(input: Buffer | string, width: number, height: number): Promise<Buffer> {
  return guardedDecode('image', input, MAX_INPUT_PIXELS, () =>
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .resize({ width, height, fit: 'cover', position: sharp.strategy.attention })
      .jpeg({ quality: 90, mozjpeg: true })
      .toBuffer(),
  );
}

export interface CropMedia {
  /** The picture covering exactly `width` x `height`, cropped around its salient part, as a JPEG. */
  cropToSize(input: Buffer | string, width: number, height: number): Promise<Buffer>;
}
