import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { MEDIA_AREAS } from './areas.ts';

/**
 * Every media area's part of a vehicle's copy (`POST /contents/copy`): the copy process calls this in its
 * transaction once the new vehicle exists, so the copy has the same spin, panoramas, category images, videos and
 * rider view and hotspots, each with files of its own.
 */
export async function copyVehicleMedia(trx: Db, store: BlobStore, fromId: string, toId: string): Promise<void> {
  for (const area of MEDIA_AREAS) await area.copy?.(trx, store, fromId, toId);
}
