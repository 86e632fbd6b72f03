import type { Db } from '../../db/database.ts';
import type { ContentRecord } from '../contents/repo.ts';
import { exteriorMedia } from '../exterior/media-share.ts';
import { hotspotsMedia } from '../hotspots/media-share.ts';
import { interiorMedia } from '../interior/media-share.ts';
import { moviesMedia } from '../movies/media-share.ts';
import { publishingMedia } from '../publishing/media-share.ts';
import { sliderMedia } from '../slider/media-share.ts';
import type { MediaArea } from './media-area.ts';

/**
 * Every area that holds media of a vehicle, in one list: the purge (purge.ts), the orphan sweep (sweep.ts) and the
 * copy (copy.ts) all go through it. In copy order: hotspots stand on the rows and scenes copied before them.
 */
export const MEDIA_AREAS: readonly MediaArea[] = [
  exteriorMedia,
  interiorMedia,
  sliderMedia,
  hotspotsMedia,
  publishingMedia,
  // Content videos (issue 20): the wizard's opening image and the rendered movies.
  moviesMedia,
];

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
