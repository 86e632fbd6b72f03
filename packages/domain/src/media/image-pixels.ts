/**
 * The decoding bound every stored picture shares (issue 18, finding 4): a file's header declares its size, and a
 * small file can declare an enormous canvas (a 110 kB PNG of 8192x4608 decodes to 113 MB; 20000x20000 to 1.2 GB).
 * The size is read from the header first and judged here, before any pixel is decoded. 40 megapixels holds every
 * picture the rules allow except a panorama (a 2:1 still 8192 wide is 33.5 MP); panoramas have their own bound
 * (`INTERIOR_MAX`).
 */
export const IMAGE_MAX_PIXELS = 40_000_000;

export interface PixelsRefusal {
  code: 'image_dimensions_invalid';
  params: { rule: 'max_pixels'; width: number; height: number; max_pixels: number };
  message: string;
}

/** The refusal of a picture declaring more pixels than `maxPixels`, or undefined. */
export function imagePixelsRefusal(
  size: { width: number; height: number },
  maxPixels: number = IMAGE_MAX_PIXELS,
): PixelsRefusal | undefined {
  if (size.width * size.height <= maxPixels) return undefined;
  const megapixels = Math.floor(maxPixels / 1_000_000);
  return {
    code: 'image_dimensions_invalid',
    params: { rule: 'max_pixels', width: size.width, height: size.height, max_pixels: maxPixels },
    message: `The image may have at most ${megapixels} million pixels; this one is ${size.width}x${size.height}.`,
  };
}
