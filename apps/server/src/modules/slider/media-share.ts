import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { setMediaFlags } from '../contents/media-access.ts';
import { blobCopier, keysOf } from '../vehicle-media/images.ts';
import type { MediaArea } from '../vehicle-media/media-area.ts';

import { type StoredMovie, sliderRepo } from './repo.ts';

/**
 * A copied vehicle's slider (category images, video links, original videos, rider view), for the copy process to
 * call in its transaction once the copy exists. Files are copied under the new vehicle's prefix rather than shared,
 * because a vehicle's deletes remove the files no item *of that vehicle* uses: the copy must own its files.
 * Idempotent only as a whole transaction (a retry starts from a fresh copy, as the copy process does).
 */
export async function copySliderMedia(trx: Db, store: BlobStore, fromId: string, toId: string): Promise<void> {
  const copier = blobCopier(store, fromId, toId);
  const copyKey = copier.key;
  const copyImage = copier.image;

  const repo = sliderRepo(trx);
  const items = await repo.items(fromId);
  for (const item of items) {
    await repo.insertItem(toId, {
      kind: item.kind,
      category: item.category,
      caption: item.caption,
      image: item.image ? await copyImage(item.image) : null,
      video_id: item.video_id,
    });
  }
  for (const row of await repo.movies(fromId)) {
    const movie = row.movie as unknown as StoredMovie;
    const copy: StoredMovie = { ...movie, key: await copyKey(movie.key), poster: await copyImage(movie.poster) };
    await repo.insertMovie(toId, copy, row.file_name);
  }
  const rider = await repo.riderView(fromId);
  for (const row of rider) await repo.insertRiderView(toId, await copyImage(row.image));
  await setMediaFlags(trx, toId, {
    has_category_images: items.some((i) => i.kind === 'image'),
    has_rider_view: rider.length > 0,
  });
}

/** The category images', videos' and rider view's share of a vehicle's media (vehicle-media/media-area.ts). */
export const sliderMedia = {
  name: 'slider',
  async keys(db, contentId) {
    const repo = sliderRepo(db);
    const items = (await repo.items(contentId)).flatMap((item) => (item.image ? keysOf(item.image) : []));
    const movies = (await repo.movies(contentId)).flatMap((row) => {
      const movie = row.movie as unknown as StoredMovie;
      return [movie.key, ...keysOf(movie.poster)];
    });
    const rider = (await repo.riderView(contentId)).flatMap((row) => keysOf(row.image));
    return [...items, ...movies, ...rider];
  },
  deleteRows: (trx, contentId) => sliderRepo(trx).deleteAllOf(contentId),
  copy: copySliderMedia,
  /** The rows publishing builds its manifest from (vehicle-media/rows.ts). */
  async rows(db: Db, contentId: string) {
    const repo = sliderRepo(db);
    return { items: await repo.items(contentId), riderView: await repo.riderView(contentId) };
  },
} satisfies MediaArea;
