import type { InteriorImageAnswer } from '@spinyard/domain';
import type { StoredImage } from '../../db/schema.ts';
import type { RenderedPanorama } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { imageAnswer, keysOf, mediaUrlOf, putRendered, putterFor } from './images.ts';

/** What `StoredImage.tiles` holds for a panorama: the grid and the tile keys, row by row. */
export interface StoredTiles {
  width: number;
  cols: number;
  rows: number;
  tile_width: number;
  keys: string[];
}

/**
 * Stores a panorama as every other image (images.ts), its tiles beside it, eight at a time with the progress
 * after each batch. Content-addressed, so a retried job writes the same keys.
 */
export async function storePanorama(
  store: BlobStore,
  prefix: string,
  rendered: RenderedPanorama,
  onTile?: (done: number, total: number) => Promise<void>,
): Promise<StoredImage> {
  const put = putterFor(store, prefix);
  const image = await putRendered(put, rendered, async (data: Buffer) => data);
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
  return { ...image, tiles: tiles as unknown as Record<string, unknown> };
}

const tilesOf = (image: StoredImage): StoredTiles | null => (image.tiles as StoredTiles | undefined) ?? null;

/** Every blob key of a stored panorama, tiles included. */
export function panoramaKeys(image: StoredImage): string[] {
  return [...keysOf(image), ...(tilesOf(image)?.keys ?? [])];
}

/** A stored panorama as answered, tiles included; `url` as for imageAnswer (images.ts). */
export function panoramaAnswer(image: StoredImage, url: (key: string) => string = mediaUrlOf): InteriorImageAnswer {
  const tiles = tilesOf(image);
  return {
    ...imageAnswer(image, url),
    master: url(image.master),
    tiles: tiles
      ? {
          width: tiles.width,
          cols: tiles.cols,
          rows: tiles.rows,
          tile_width: tiles.tile_width,
          urls: tiles.keys.map((key) => url(key)),
        }
      : null,
  };
}
