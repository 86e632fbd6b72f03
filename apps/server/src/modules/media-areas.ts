import type { Db } from '../db/database.ts';
import type { ContentRecord } from './contents/repo.ts';
import { movieBackupRepo } from './exterior/backup-repo.ts';
import { exteriorRepo } from './exterior/repo.ts';
import { hotspotKeys } from './hotspots/answer.ts';
import { hotspotsRepo } from './hotspots/repo.ts';
import { panoramaKeys } from './interior/panorama-store.ts';
import { interiorRepo } from './interior/repo.ts';
import { keysOf } from './media-images.ts';
import { publicationsRepo } from './publishing/repo.ts';
import { type StoredMovie, sliderRepo } from './slider/repo.ts';

/**
 * Every media area's share of a vehicle's rows, in one list: the purge of a vehicle deleted for good deletes the
 * rows through it (media-purge.ts) and the orphan sweep keeps the blobs they name (media-sweep.ts). An area
 * cannot join one without the other, so a new table's keys can never be swept while its rows are purged, or the
 * reverse.
 */
export interface MediaArea {
  name: string;
  /** Every blob key the area's rows of the vehicle refer to (each image's master, renditions and tiles). */
  keys(db: Db, contentId: string): Promise<string[]>;
  /** Deletes the area's rows of the vehicle, in the caller's transaction. */
  deleteRows(trx: Db, contentId: string): Promise<void>;
}

const exterior: MediaArea = {
  name: 'exterior',
  async keys(db, contentId) {
    const keys: string[] = [];
    // Temp rows too: they are kept for the editor and shown again when made part of the spin.
    for (const frame of await exteriorRepo(db).frames(contentId)) {
      keys.push(...keysOf(frame.original));
      if (frame.edited) keys.push(...keysOf(frame.edited));
    }
    // A purged backup's file is gone by design; a kept one is the original video, until its retention ends.
    for (const backup of await movieBackupRepo(db).ofContent(contentId)) {
      if (backup.purged_at === null) keys.push(backup.blob_key);
    }
    return keys;
  },
  // Backups stay: they keep their own retention (exterior.purge-movie-backups), even after a permanent delete.
  deleteRows: (trx, contentId) => exteriorRepo(trx).deleteAll(contentId),
};

const interior: MediaArea = {
  name: 'interior',
  async keys(db, contentId) {
    return (await interiorRepo(db).scenes(contentId)).flatMap((scene) => [
      ...panoramaKeys(scene.original),
      ...(scene.current ? panoramaKeys(scene.current) : []),
    ]);
  },
  deleteRows: (trx, contentId) => interiorRepo(trx).deleteAllOf(contentId),
};

const slider: MediaArea = {
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
};

const hotspots: MediaArea = {
  name: 'hotspots',
  keys: async (db, contentId) => (await hotspotsRepo(db).list(contentId)).flatMap((row) => hotspotKeys(row.files)),
  deleteRows: (trx, contentId) => hotspotsRepo(trx).deleteAllOf(contentId),
};

// The published copies (publishing/published-blobs.ts): what the current and the previous manifest name.
const publishing: MediaArea = {
  name: 'publishing',
  keys: async (db, contentId) => [...(await publicationsRepo(db).keptKeys(contentId))],
  deleteRows: (trx, contentId) => publicationsRepo(trx).deleteOf(contentId),
};

export const MEDIA_AREAS: readonly MediaArea[] = [exterior, interior, slider, hotspots, publishing];

/**
 * Every blob key a vehicle's rows refer to: every area's, and the list's thumbnail (normally also a frame's
 * rendition, but the list shows it whatever the frames say). A vehicle deleted for good shows no thumbnail, and
 * the purge deletes it with the rest.
 */
export async function referencedKeys(
  db: Db,
  vehicle: Pick<ContentRecord, 'id' | 'thumbnail_key' | 'publication'>,
): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const area of MEDIA_AREAS) for (const key of await area.keys(db, vehicle.id)) keys.add(key);
  if (vehicle.thumbnail_key !== null && vehicle.publication !== 'permanently_deleted') keys.add(vehicle.thumbnail_key);
  return keys;
}

/** Deletes every area's rows of the vehicle (the original videos' backups excepted), in the caller's transaction. */
export async function deleteMediaRows(trx: Db, contentId: string): Promise<void> {
  for (const area of MEDIA_AREAS) await area.deleteRows(trx, contentId);
}
