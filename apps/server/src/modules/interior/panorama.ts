import {
  INTERIOR_FULL_MAX,
  INTERIOR_MAX,
  INTERIOR_RENDITION_WIDTHS,
  type InteriorSceneAnswer,
  RENDITION_QUALITY,
} from '@spinyard/domain';
import type { PanoramaAdjustments, PanoramaSpec } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { panoramaAnswer, panoramaKeys } from '../vehicle-media/panoramas.ts';
import type { InteriorSceneRow } from './repo.ts';

/** Blob prefix of a vehicle's panoramas. */
export const interiorPrefix = (contentId: string): string => `contents/${contentId}/interior`;

/** How every panorama is rendered: kept at most 8192x4096, three sizes, tiles; `jpegQuality` from the tool. */
export function panoramaSpec(jpegQuality?: number): PanoramaSpec {
  return {
    // The upload's own bound, checked from the header first (panoramaRefusal); this guards the decoder itself.
    maxInputPixels: INTERIOR_MAX.width * INTERIOR_MAX.height,
    full: INTERIOR_FULL_MAX,
    renditions: Object.fromEntries(Object.entries(INTERIOR_RENDITION_WIDTHS).map(([name, width]) => [name, { width }])),
    quality: { jpeg: jpegQuality ?? RENDITION_QUALITY.jpeg, webp: RENDITION_QUALITY.webp },
    masterQuality: jpegQuality ?? 92,
    tileQuality: jpegQuality ?? 85,
  };
}

export function sceneAnswer(row: InteriorSceneRow): InteriorSceneAnswer {
  return {
    id: row.id,
    order: row.scene_order,
    title: row.title,
    image: panoramaAnswer(row.current ?? row.original),
    original: row.current ? panoramaAnswer(row.original) : null,
    enhance: (row.enhance as InteriorSceneAnswer['enhance']) ?? null,
    white_balance: (row.white_balance as InteriorSceneAnswer['white_balance']) ?? null,
    initial_view: row.initial_view,
    zoom_points: row.zoom_points as InteriorSceneAnswer['zoom_points'],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Deletes the keys no scene of the vehicle refers to any more (after the change that dropped them committed). */
export async function deleteUnreferenced(
  store: BlobStore,
  candidates: Iterable<string>,
  stillUsed: readonly InteriorSceneRow[],
): Promise<number> {
  const used = new Set(
    stillUsed.flatMap((s) => [...panoramaKeys(s.original), ...(s.current ? panoramaKeys(s.current) : [])]),
  );
  let deleted = 0;
  for (const key of new Set(candidates)) {
    if (used.has(key)) continue;
    await store.delete(key);
    deleted++;
  }
  return deleted;
}

/** The tool's settings as the pixel corrections (levels 0..100 to strengths 0..1) and the output size. */
export function adjustmentsOf(
  enhance: {
    shadow_highlight: boolean;
    shadow_highlight_level: number;
    tone_curve: boolean;
    tone_curve_level: number;
    saturation: boolean;
    saturation_level: number;
    sharpness: boolean;
    sharpness_level: number;
    super_resolution: boolean;
    super_resolution_level: number;
    resized_width: number | null;
    resized_height: number | null;
  } | null,
  whiteBalance: PanoramaAdjustments['whiteBalance'],
  original: { width: number; height: number },
): PanoramaAdjustments {
  const on = (flag: boolean | undefined, level: number | undefined) => (flag ? (level ?? 0) / 100 : 0);
  let size: PanoramaAdjustments['size'];
  if (enhance?.resized_width && enhance.resized_height) {
    size = { width: enhance.resized_width, height: enhance.resized_height };
  } else if (enhance?.super_resolution) {
    const width = Math.min(INTERIOR_FULL_MAX.width, original.width * 2);
    size = { width, height: Math.round(width / 2) };
  }
  return {
    whiteBalance: whiteBalance ?? null,
    shadowHighlight: on(enhance?.shadow_highlight, enhance?.shadow_highlight_level),
    toneCurve: on(enhance?.tone_curve, enhance?.tone_curve_level),
    saturation: on(enhance?.saturation, enhance?.saturation_level),
    sharpness: on(enhance?.sharpness, enhance?.sharpness_level),
    superResolution: enhance?.super_resolution ? Math.max(0.2, (enhance.super_resolution_level ?? 0) / 100) : 0,
    size,
  };
}
