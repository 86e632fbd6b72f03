import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { contentRecords } from '../contents/service.ts';
import { deleteMediaRows } from './areas.ts';

/** The original videos' backups keep their own retention (the exterior's purge job), even after a permanent delete. */
const KEPT_PREFIX = 'exterior-backups/';

/** Vehicles purged per run; a backlog is worked off over the next runs. */
const PURGE_BATCH = 50;

/**
 * The media of a vehicle deleted for good: every area's rows in one transaction, then every file under the
 * vehicle's prefix but the backups. The vehicle's own row stays (the monthly report counts it). Files are removed
 * after the commit, so a failure leaves at worst files no row names, which the next run removes again.
 */
export async function purgeVehicleMedia(db: Db, store: BlobStore, contentId: string): Promise<number> {
  const deleted = await db.transaction().execute(async (trx) => {
    const [row] = await contentRecords(trx).lock([contentId]);
    // Only a vehicle deleted for good loses its media (a restore is no longer possible for it).
    if (row?.publication !== 'permanently_deleted') return false;
    await deleteMediaRows(trx, contentId);
    return true;
  });
  if (!deleted) return 0;
  const prefix = `contents/${contentId}/`;
  const keys = (await store.list(prefix)).filter((key) => !key.slice(prefix.length).startsWith(KEPT_PREFIX));
  for (const key of keys) await store.delete(key);
  return keys.length;
}

/** One run of the purge: the vehicles deleted for good that still have media. */
export async function purgeDeletedVehiclesMedia(
  db: Db,
  store: BlobStore,
): Promise<{ vehicles: string[]; files: number }> {
  const vehicles = await contentRecords(db).permanentlyDeletedWithMedia(PURGE_BATCH);
  let files = 0;
  for (const id of vehicles) files += await purgeVehicleMedia(db, store, id);
  return { vehicles, files };
}
