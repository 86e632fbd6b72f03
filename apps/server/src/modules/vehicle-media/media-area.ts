import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';

/**
 * One area's share of a vehicle's media, as the area registers it with vehicle-media (areas.ts): the area reads,
 * deletes and copies its own rows through its own repository, and vehicle-media does the same to every area at
 * once. The purge of a vehicle deleted for good deletes through `deleteRows`, the orphan sweep keeps what `keys`
 * names and the copy process calls `copy`: an area cannot join one without the others, so a new table's keys can
 * never be swept while its rows are purged, or the reverse.
 */
export interface MediaArea {
  name: string;
  /** Every blob key the area's rows of the vehicle refer to (each image's master, renditions and tiles). */
  keys(db: Db, contentId: string): Promise<string[]>;
  /** Deletes the area's rows of the vehicle, in the caller's transaction. */
  deleteRows(trx: Db, contentId: string): Promise<void>;
  /** Copies the area's rows and files to a copied vehicle, in the copy process's transaction (none: not copied). */
  copy?(trx: Db, store: BlobStore, fromId: string, toId: string): Promise<void>;
  /** The area's rows publishing builds a manifest from (rows.ts), each under its own name. */
  rows?(db: Db, contentId: string): Promise<object>;
}
