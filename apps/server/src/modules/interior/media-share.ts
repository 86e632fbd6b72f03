import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { setMediaFlags } from '../contents/media-access.ts';
import { blobCopier } from '../vehicle-media/images.ts';
import type { MediaArea } from '../vehicle-media/media-area.ts';
import { panoramaKeys } from '../vehicle-media/panoramas.ts';

import { interiorRepo } from './repo.ts';

/**
 * A copied vehicle's interior: every scene with its enhancement, white balance, view and zoom points, its files
 * (sizes and tiles) copied under the new vehicle's prefix. Called by the copy process in its transaction.
 */
export async function copyInteriorMedia(trx: Db, store: BlobStore, fromId: string, toId: string): Promise<void> {
  const repo = interiorRepo(trx);
  const copier = blobCopier(store, fromId, toId);
  const scenes = await repo.scenes(fromId);
  for (const scene of scenes) {
    await repo.insertCopy(toId, {
      ...scene,
      original: await copier.image(scene.original),
      current: scene.current === null ? null : await copier.image(scene.current),
    });
  }
  if (scenes.length > 0) await setMediaFlags(trx, toId, { has_interior: true });
}

/** The interior's share of a vehicle's media (vehicle-media/media-area.ts). */
export const interiorMedia = {
  name: 'interior',
  async keys(db, contentId) {
    return (await interiorRepo(db).scenes(contentId)).flatMap((scene) => [
      ...panoramaKeys(scene.original),
      ...(scene.current ? panoramaKeys(scene.current) : []),
    ]);
  },
  deleteRows: (trx, contentId) => interiorRepo(trx).deleteAllOf(contentId),
  copy: copyInteriorMedia,
  /** The rows publishing builds its manifest from (vehicle-media/rows.ts). */
  rows: async (db: Db, contentId: string) => ({ scenes: await interiorRepo(db).scenes(contentId) }),
} satisfies MediaArea;
