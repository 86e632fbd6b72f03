import {
  INTERIOR_FULL_MAX,
  INTERIOR_MAX,
  INTERIOR_RENDITION_WIDTHS,
  type InteriorImageAnswer,
  type InteriorSceneAnswer,
  RENDITION_QUALITY,
} from '@spinyard/domain';
import type { StoredImage } from '../../db/schema.ts';
import type { PanoramaAdjustments, PanoramaSpec, RenderedPanorama } from '../../platform/media/index.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { putContentAddressed } from '../../platform/storage/content-addressed.ts';
import { imageAnswer, keysOf, mediaUrlOf } from '../media-images.ts';
import type { InteriorSceneRow } from './repo.ts';

/** Blob prefix of a vehicle's panoramas. */
export const interiorPrefix = (contentId: string): string => `contents/${contentId}/interior`;

/** What `StoredImage.tiles` holds for a panorama: the grid and the tile keys, row by row. */
export interface StoredTiles {
  width: number;
  cols: number;
  rows: number;
  tile_width: number;
  keys: string[];
}

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

/** Puts every output content-addressed (a retried job writes the same keys) and answers the stored image. */
export async function storePanorama(
  store: BlobStore,
  prefix: string,
  rendered: RenderedPanorama,
  onTile?: (done: number, total: number) => Promise<void>,
): Promise<StoredImage> {
  const put = async (data: Buffer, extension: 'jpg' | 'webp') =>
    (
      await putContentAddressed(store, prefix, data, extension, {
        contentType: extension === 'jpg' ? 'image/jpeg' : 'image/webp',
      })
    ).key;
  const renditions: StoredImage['renditions'] = {};
  for (const [name, r] of Object.entries(rendered.renditions)) {
    const [jpeg, webp] = await Promise.all([put(r.jpeg, 'jpg'), put(r.webp, 'webp')]);
    renditions[name] = { width: r.width, height: r.height, jpeg, webp };
  }
  const keys: string[] = [];
  const { jpegs } = rendered.tiles;
  for (let i = 0; i < jpegs.length; i += 8) {
    keys.push(...(await Promise.all(jpegs.slice(i, i + 8).map((tile) => put(tile, 'jpg')))));
    await onTile?.(keys.length, jpegs.length);
  }
  const tiles: StoredTiles = {
    width: rendered.tiles.width,
    cols: rendered.tiles.cols,
    rows: rendered.tiles.rows,
    tile_width: rendered.tiles.tileWidth,
    keys,
  };
  return {
    width: rendered.width,
    height: rendered.height,
    master: await put(rendered.master, 'jpg'),
    renditions,
    tiles: tiles as unknown as Record<string, unknown>,
  };
}

const tilesOf = (image: StoredImage): StoredTiles | null => (image.tiles as StoredTiles | undefined) ?? null;

/** Every blob key of a stored panorama, tiles included. */
export function panoramaKeys(image: StoredImage): string[] {
  return [...keysOf(image), ...(tilesOf(image)?.keys ?? [])];
}

export function panoramaAnswer(image: StoredImage): InteriorImageAnswer {
  const tiles = tilesOf(image);
  return {
    ...imageAnswer(image),
    master: mediaUrlOf(image.master),
    tiles: tiles
      ? {
          width: tiles.width,
          cols: tiles.cols,
          rows: tiles.rows,
          tile_width: tiles.tile_width,
          urls: tiles.keys.map(mediaUrlOf),
        }
      : null,
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

/** Reads a blob whole (an original master, at most a few tens of MB). */
export async function readBlob(store: BlobStore, key: string): Promise<Buffer | null> {
  const found = await store.get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks);
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
