import { z } from 'zod';

/**
 * How every stored image of a vehicle's media is answered: its pixel size and, per rendition, the URLs of the same
 * picture as JPEG and WebP. URLs are content-addressed (`/svnmedia/.../<sha256>.<ext>`), so a browser or a CDN may
 * keep them for a year and an edit always gives new URLs.
 */
export const renditionAnswer = z.object({
  width: z.number().int(),
  height: z.number().int(),
  jpeg: z.string().describe('URL of the JPEG'),
  webp: z.string().describe('URL of the WebP (smaller; browsers that read it should prefer it)'),
});
export type RenditionAnswer = z.output<typeof renditionAnswer>;

export const mediaImageAnswer = z.object({
  width: z.number().int().describe('Pixel size of the full image'),
  height: z.number().int(),
  renditions: z.record(z.string(), renditionAnswer).describe('By size name: thumbnail, display, zoom, ...'),
});
export type MediaImageAnswer = z.output<typeof mediaImageAnswer>;

/**
 * The sizes every exterior frame is stored in (JPEG and WebP each): `thumbnail` for lists and the editor's strip,
 * `display` for the spin on a phone and first paint, `zoom` at the domain's exterior size (HD to 4K). A size is
 * never larger than the frame itself. Widths only: frames keep the video's aspect ratio.
 */
export const EXTERIOR_RENDITION_WIDTHS = { thumbnail: 240, display: 1024 } as const;
export const EXTERIOR_RENDITIONS = ['thumbnail', 'display', 'zoom'] as const;
export type ExteriorRendition = (typeof EXTERIOR_RENDITIONS)[number];

/** JPEG and WebP quality of stored renditions: visually lossless for photos, a third of the size of 95. */
export const RENDITION_QUALITY = { jpeg: 82, webp: 80 } as const;

/** Base of media URLs (platform/storage/media-routes.ts serves the blob store under it). */
export const MEDIA_URL_PREFIX = '/svnmedia/';
