import type { Db } from '../db/database.ts';
import type { BlobStore } from '../platform/storage/blob-store.ts';
import { copyExteriorMedia } from './exterior/copy.ts';
import { copyHotspots } from './hotspots/copy.ts';
import { copyInteriorMedia } from './interior/copy.ts';
import { copySliderMedia } from './slider/copy.ts';

/**
 * Every media area's part of a vehicle's copy (`POST /contents/copy`): the copy process calls this in its
 * transaction once the new vehicle exists, so the copy has the same spin, panoramas, category images, videos and
 * rider view and hotspots, each with files of its own.
 */
export async function copyVehicleMedia(trx: Db, store: BlobStore, fromId: string, toId: string): Promise<void> {
  await copyExteriorMedia(trx, store, fromId, toId);
  await copyInteriorMedia(trx, store, fromId, toId);
  await copySliderMedia(trx, store, fromId, toId);
  // Last: hotspots stand on the rows and scenes copied above.
  await copyHotspots(trx, store, fromId, toId);
}
