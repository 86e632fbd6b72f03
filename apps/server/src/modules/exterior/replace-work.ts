import { EXTERIOR_RENDITION_WIDTHS, EXTERIOR_SIZES, type ExteriorSizeId, RENDITION_QUALITY } from '@spinyard/domain';
import type { RenditionSpec } from '../../platform/media/media.ts';

/** Where a vehicle's exterior images live in the blob store. */
export const exteriorPrefix = (contentId: string): string => `contents/${contentId}/exterior`;

/**
 * The sizes an exterior frame is stored in: `thumbnail` and `display` by EXTERIOR_RENDITION_WIDTHS, `zoom` at the
 * domain's exterior size (never larger than the frame), and a master capped to that size.
 */
export function exteriorFrameSpec(size: ExteriorSizeId, maxInputPixels: number): RenditionSpec {
  const box = EXTERIOR_SIZES.find((s) => s.id === size) ?? EXTERIOR_SIZES[1];
  return {
    maxInputPixels,
    master: { width: box.width, height: box.height },
    renditions: {
      thumbnail: { width: EXTERIOR_RENDITION_WIDTHS.thumbnail },
      display: { width: EXTERIOR_RENDITION_WIDTHS.display },
      zoom: { width: box.width },
    },
    quality: RENDITION_QUALITY,
  };
}
