import sharp from 'sharp';
import { guardedDecode } from './image-guard.ts';

/**
 * A picture as the image models read it (platform/ai): its pixels, 8-bit RGB, row after row, shrunk to fit a box
 * of `maxSide` (never enlarged). One decode per picture: the models cut and scale what they need from this in
 * JavaScript, so a frame is not decoded once for the text detector and again for each word it reads.
 */
export interface ModelPixels {
  /** width * height * 3 bytes: R, G, B of each pixel, rows from the top. */
  data: Buffer;
  width: number;
  height: number;
  /** The picture's own size (as shown: after its EXIF orientation), which boxes as fractions refer to as well. */
  sourceWidth: number;
  sourceHeight: number;
}

export interface ModelPixelsOptions {
  /** The longest side of the pixels handed over. */
  maxSide: number;
  /** Decoding is refused above this many pixels, before any pixel is decoded. */
  maxInputPixels: number;
}

export interface ModelMedia {
  /** The picture (a buffer or a file path) as RGB pixels for a model; rejects with ImageDecodeError. */
  modelPixels(input: Buffer | string, options: ModelPixelsOptions): Promise<ModelPixels>;
}

async function decode(input: Buffer | string, options: ModelPixelsOptions): Promise<ModelPixels> {
  const image = sharp(input, { limitInputPixels: options.maxInputPixels }).autoOrient();
  const meta = await image.metadata();
  const sourceWidth = meta.autoOrient.width;
  const sourceHeight = meta.autoOrient.height;
  const { data, info } = await image
    .removeAlpha()
    .toColourspace('srgb')
    .resize({ width: options.maxSide, height: options.maxSide, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, sourceWidth, sourceHeight };
}

export function createModelMedia(): ModelMedia {
  return {
    modelPixels: (input, options) =>
      guardedDecode('image', input, options.maxInputPixels, () => decode(input, options)),
  };
}
