import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { blobCopier } from '../vehicle-media/images.ts';
import type { MediaArea } from '../vehicle-media/media-area.ts';
import { moviesRepo } from './repo.ts';
import { movieKeys } from './work.ts';

/**
 * A copied vehicle's content videos: the wizard's settings with the opening image, and every ready movie with its
 * files, copied under the new vehicle's prefix (each vehicle owns its files). A movie still rendering is not copied:
 * its files are not made yet, and the copy makes it again when the dealer asks.
 */
export async function copyMovieMedia(trx: Db, store: BlobStore, fromId: string, toId: string): Promise<void> {
  const repo = moviesRepo(trx);
  const copier = blobCopier(store, fromId, toId);
  const copyKey = async (key: string | null) => (key === null ? null : copier.key(key));
  const settings = await repo.settings(fromId);
  if (settings) await repo.copySettings(toId, settings, await copyKey(settings.opening_image_key));
  for (const row of await repo.movies(fromId)) {
    if (row.status !== 'ready' || row.file_1080_key === null) continue;
    await repo.insertCopy(toId, {
      ...row,
      file_1080_key: await copyKey(row.file_1080_key),
      file_720_key: await copyKey(row.file_720_key),
      poster_key: await copyKey(row.poster_key),
    });
  }
}

/** The content videos' share of a vehicle's media (vehicle-media/media-area.ts): purge, orphan sweep, copy. */
export const moviesMedia = {
  name: 'movies',
  async keys(db, contentId) {
    const repo = moviesRepo(db);
    const opening = (await repo.settings(contentId))?.opening_image_key;
    return [...(opening ? [opening] : []), ...(await repo.movies(contentId)).flatMap(movieKeys)];
  },
  deleteRows: (trx, contentId) => moviesRepo(trx).deleteAllOf(contentId),
  copy: copyMovieMedia,
} satisfies MediaArea;
