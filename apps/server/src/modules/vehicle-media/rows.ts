import type { Db } from '../../db/database.ts';
import { exteriorMedia } from '../exterior/media-share.ts';
import { hotspotsMedia } from '../hotspots/media-share.ts';
import { interiorMedia } from '../interior/media-share.ts';
import { sliderMedia } from '../slider/media-share.ts';

/**
 * Every media area's rows of one vehicle, read in the caller's transaction: what publishing builds its manifest
 * from (publishing/manifest.ts). Each area reads its own rows (its media-share.ts), so no area reaches into
 * another's repository.
 */
export async function mediaRowsOf(db: Db, contentId: string) {
  return {
    ...(await exteriorMedia.rows(db, contentId)),
    ...(await interiorMedia.rows(db, contentId)),
    ...(await sliderMedia.rows(db, contentId)),
    ...(await hotspotsMedia.rows(db, contentId)),
  };
}
export type MediaRows = Awaited<ReturnType<typeof mediaRowsOf>>;
