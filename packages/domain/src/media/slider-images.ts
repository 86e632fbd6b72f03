import type { ErrorCode } from '../errors.ts';
import { imagePixelsRefusal } from './image-pixels.ts';

/**
 * The image rules of the slider area (second document, section 5 "Image rules"), judged on facts measured from
 * the bytes (the type from the magic numbers, the size from the decoder), never on a file's name.
 *
 * Readings (docs/decisions.md, slider):
 * - Category images: "16:9 (1920x1080, 1280x720), 4:3 (1024x768, 800x600) or 2:1" are aspect ratios, the sizes in
 *   brackets their recommended examples: a picture is accepted when it is 16:9, 4:3 or 2:1 within one pixel (a
 *   camera's 1366x768 or a 854x480 frame are 16:9 to the pixel), at least 640 pixels wide (a smaller picture is
 *   blurry in the slider) and at most 8192 wide (the largest 2:1 panorama-like still, 33.5 megapixels, under the
 *   decoder's pixel limit). JPEG or PNG, at most 30 MB.
 * - Rider view images (the spec gives no rule): JPEG or PNG, at most 30 MB, landscape (wider than high, as a rider
 *   looks ahead), 640 to 8192 pixels wide, any aspect ratio.
 */

const MB_BYTES = 1024 * 1024;
export const SLIDER_IMAGE_MAX_BYTES = 30 * MB_BYTES;
export const SLIDER_IMAGE_MIN_WIDTH = 640;
export const SLIDER_IMAGE_MAX_WIDTH = 8192;
export const SLIDER_IMAGE_MIMES: readonly string[] = ['image/jpeg', 'image/png'];

/** The aspect ratios a category image may have, with the spec's example sizes. */
export const CATEGORY_IMAGE_ASPECTS = [
  { id: '16:9', width: 16, height: 9, examples: ['1920x1080', '1280x720'] },
  { id: '4:3', width: 4, height: 3, examples: ['1024x768', '800x600'] },
  { id: '2:1', width: 2, height: 1, examples: [] },
] as const;
export type CategoryImageAspect = (typeof CATEGORY_IMAGE_ASPECTS)[number]['id'];

/** Pixels a side may be off the exact ratio (encoders and cameras round odd sizes). */
export const ASPECT_PIXEL_TOLERANCE = 1;

export interface MeasuredPicture {
  /** The type read from the bytes (`application/octet-stream` when no image we read). */
  mime: string;
  width: number | undefined;
  height: number | undefined;
}

export interface ImageRefusal {
  code: ErrorCode;
  params: Record<string, string | number>;
  message: string;
}

/** Which of the accepted aspect ratios a size has (within a pixel), if any. */
export function categoryImageAspect(width: number, height: number): CategoryImageAspect | undefined {
  for (const a of CATEGORY_IMAGE_ASPECTS) {
    // The height the width asks for, or the width the height asks for, within a pixel.
    const byWidth = Math.abs(height - (width * a.height) / a.width);
    const byHeight = Math.abs(width - (height * a.width) / a.height);
    if (Math.min(byWidth, byHeight) <= ASPECT_PIXEL_TOLERANCE) return a.id;
  }
  return undefined;
}

function formatRefusal(picture: MeasuredPicture): ImageRefusal | undefined {
  if (!SLIDER_IMAGE_MIMES.includes(picture.mime) || !picture.width || !picture.height) {
    return {
      code: 'unsupported_image_format',
      params: { formats: 'JPEG, PNG' },
      message: 'This image format is not supported. Use a JPEG or PNG image.',
    };
  }
  return undefined;
}

/** The width rule, then the decoding bound (a 4:3 or a tall landscape picture 8192 wide is over 40 megapixels). */
function widthRefusal(width: number, height: number, rule: string): ImageRefusal | undefined {
  if (width < SLIDER_IMAGE_MIN_WIDTH || width > SLIDER_IMAGE_MAX_WIDTH) {
    return {
      code: 'image_dimensions_invalid',
      params: { width, height, rule, min_width: SLIDER_IMAGE_MIN_WIDTH, max_width: SLIDER_IMAGE_MAX_WIDTH },
      message: `The image must be ${SLIDER_IMAGE_MIN_WIDTH} to ${SLIDER_IMAGE_MAX_WIDTH} pixels wide.`,
    };
  }
  return imagePixelsRefusal({ width, height });
}

/** The first rule a category image breaks (format, then aspect ratio, then width), or undefined. */
export function categoryImageRefusal(picture: MeasuredPicture): ImageRefusal | undefined {
  const format = formatRefusal(picture);
  if (format) return format;
  const width = picture.width as number;
  const height = picture.height as number;
  if (categoryImageAspect(width, height) === undefined) {
    return {
      code: 'image_dimensions_invalid',
      params: { width, height, rule: 'aspect', aspects: '16:9, 4:3, 2:1' },
      message: 'The image must be 16:9 (1920x1080, 1280x720), 4:3 (1024x768, 800x600) or 2:1.',
    };
  }
  return widthRefusal(width, height, 'width');
}

/** The first rule a rider view image breaks (format, then landscape, then width), or undefined. */
export function riderViewImageRefusal(picture: MeasuredPicture): ImageRefusal | undefined {
  const format = formatRefusal(picture);
  if (format) return format;
  const width = picture.width as number;
  const height = picture.height as number;
  if (!(width > height)) {
    return {
      code: 'image_dimensions_invalid',
      params: { width, height, rule: 'landscape' },
      message: 'The image must be landscape (wider than high).',
    };
  }
  return widthRefusal(width, height, 'width');
}
