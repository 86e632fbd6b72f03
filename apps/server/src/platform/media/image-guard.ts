import sharp from 'sharp';
import { type DecodeKind, withDecodeSlot } from './decode-slots.ts';

/**
 * Why a picture was not decoded. `too_many_pixels`: its header declares more than the caller's bound (nothing was
 * decoded); `undecodable`: no header sharp reads, or pixel data that is cut short or corrupt (sharp's `failOn`
 * refuses a truncated file rather than filling the rest with grey). Areas turn it into their catalogue refusal.
 */
export class ImageDecodeError extends Error {
  override name = 'ImageDecodeError';
  constructor(
    readonly reason: 'too_many_pixels' | 'undecodable',
    detail: string,
    readonly size?: { width: number; height: number; maxPixels: number },
  ) {
    super(detail);
  }
}

/** Header only: `limitInputPixels: false` lets an enormous declared canvas be measured, never decoded. */
async function declaredSize(input: Buffer | string): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    if (meta.width && meta.height) return { width: meta.width, height: meta.height };
  } catch (error) {
    throw new ImageDecodeError('undecodable', (error as Error).message);
  }
  throw new ImageDecodeError('undecodable', 'the header declares no size');
}

/**
 * The one way platform/media decodes an uploaded picture: the size its header declares is judged against
 * `maxPixels` first, then `decode` runs in the kind's decode slot (decode-slots.ts); a decoder's refusal comes out
 * as an ImageDecodeError.
 */
export async function guardedDecode<T>(
  kind: DecodeKind,
  input: Buffer | string,
  maxPixels: number,
  decode: () => Promise<T>,
): Promise<T> {
  const { width, height } = await declaredSize(input);
  if (width * height > maxPixels) {
    throw new ImageDecodeError('too_many_pixels', `${width}x${height} is over ${maxPixels} pixels`, {
      width,
      height,
      maxPixels,
    });
  }
  return withDecodeSlot(kind, async () => {
    try {
      return await decode();
    } catch (error) {
      throw new ImageDecodeError('undecodable', (error as Error).message);
    }
  });
}
