import type { ErrorCode } from '../errors.ts';

/**
 * Interior panorama rules (second document, section 5: "Interior images: .jpg, .jpeg, .png", "panorama image: aspect
 * ratio 2:1"; section 9: 20 zoom points per panorama), judged on facts measured from the file's bytes (magic numbers
 * and the image header), never on its name or declared type.
 *
 * Readings (docs/decisions.md, interior):
 * - Formats: JPEG and PNG by content. A GIF, WebP or anything else is `unsupported_image_format` whatever its name.
 * - 2:1 within one pixel: `|width - 2 x height| <= 1`, so 8192x4096 and 8191x4096 (an odd stitcher width) pass and
 *   8192x4000 does not.
 * - Bounds: at least 512x256 (smaller is no panorama anyone can look around in), at most 16384x8192 (a 134-megapixel
 *   stitch, the largest cameras make). The size is read from the header before any pixel is decoded, so a small
 *   file declaring an enormous canvas (a decompression bomb) is refused without decoding it. Larger panoramas are
 *   kept at most 8192x4096 (INTERIOR_FULL_MAX): what a phone's GPU and the tiles need.
 * - At most 50 MB a file, and at most 20 scenes a vehicle (`upload_over_limit`).
 */

export const INTERIOR_IMAGE_MIMES = ['image/jpeg', 'image/png'] as const;
export const INTERIOR_MAX_BYTES = 50 * 1024 * 1024;
export const INTERIOR_MAX_SCENES = 20;
export const INTERIOR_MIN = { width: 512, height: 256 } as const;
export const INTERIOR_MAX = { width: 16384, height: 8192 } as const;
/** The largest size a panorama is kept and tiled at. */
export const INTERIOR_FULL_MAX = { width: 8192, height: 4096 } as const;
/** Pixel width of one tile of the full-size panorama (Photo Sphere Viewer's equirectangular tiles). */
export const INTERIOR_TILE_TARGET = 512;
/** Renditions of every panorama (widths; each 2:1): list thumbnail, first paint, phones without tiles. */
export const INTERIOR_RENDITION_WIDTHS = { thumbnail: 320, preview: 1024, mobile: 4096 } as const;
export const INTERIOR_TITLE_MAX = 33;
export const INTERIOR_ZOOM_LABEL_MAX = 33;

export interface PanoramaFacts {
  mime: string;
  width: number | undefined;
  height: number | undefined;
}

export interface PanoramaRefusal {
  code: ErrorCode;
  params: Record<string, string | number>;
  message: string;
}

/** Why a measured file is no panorama this product takes, or null when it is one. */
export function panoramaRefusal(facts: PanoramaFacts): PanoramaRefusal | null {
  if (!(INTERIOR_IMAGE_MIMES as readonly string[]).includes(facts.mime) || !facts.width || !facts.height) {
    return {
      code: 'unsupported_image_format',
      params: { rule: 'format', formats: 'jpg, jpeg, png' },
      message: 'A panorama must be a JPEG or PNG image (.jpg, .jpeg, .png).',
    };
  }
  const { width, height } = facts;
  if (width > INTERIOR_MAX.width || height > INTERIOR_MAX.height) {
    return {
      code: 'image_dimensions_invalid',
      params: { rule: 'max_dimensions', width, height, max_width: INTERIOR_MAX.width, max_height: INTERIOR_MAX.height },
      message: `A panorama may be at most ${INTERIOR_MAX.width}x${INTERIOR_MAX.height}; this one is ${width}x${height}.`,
    };
  }
  if (Math.abs(width - 2 * height) > 1) {
    return {
      code: 'image_dimensions_invalid',
      params: { rule: 'aspect_2_1', width, height },
      message: `A panorama must be twice as wide as it is high (2:1); this one is ${width}x${height}.`,
    };
  }
  if (width < INTERIOR_MIN.width || height < INTERIOR_MIN.height) {
    return {
      code: 'image_dimensions_invalid',
      params: { rule: 'min_dimensions', width, height, min_width: INTERIOR_MIN.width, min_height: INTERIOR_MIN.height },
      message: `A panorama must be at least ${INTERIOR_MIN.width}x${INTERIOR_MIN.height}; this one is ${width}x${height}.`,
    };
  }
  return null;
}

/** Whether a width and height are 2:1 within one pixel (resized sizes of the image-quality tool). */
export const isTwoToOne = (width: number, height: number): boolean => Math.abs(width - 2 * height) <= 1;

/**
 * The tile grid of a full-size panorama for Photo Sphere Viewer's EquirectangularTilesAdapter: the columns a power
 * of two (the adapter's rule) nearest to tiles of about 512 pixels, at least 2; rows half the columns (at least 1).
 * The tiled width is a whole number of tiles: `tileWidth x cols`, at most a few pixels off the panorama's own width.
 */
export function tileGrid(width: number): {
  cols: number;
  rows: number;
  tileWidth: number;
  width: number;
  height: number;
} {
  const cols = Math.max(2, Math.min(64, 2 ** Math.round(Math.log2(Math.max(1, width / INTERIOR_TILE_TARGET)))));
  const rows = Math.max(1, cols / 2);
  const tileWidth = Math.max(1, Math.round(width / cols));
  const tiledWidth = tileWidth * cols;
  return { cols, rows, tileWidth, width: tiledWidth, height: tiledWidth / 2 };
}
