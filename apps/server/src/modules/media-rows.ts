import type { Db } from '../db/database.ts';
import { exteriorRepo } from './exterior/repo.ts';
import { hotspotsRepo } from './hotspots/repo.ts';
import { interiorRepo } from './interior/repo.ts';
import { sliderRepo } from './slider/repo.ts';

/**
 * Every media area's rows of one vehicle, read in the caller's transaction: what publishing builds its manifest
 * from (publishing/manifest.ts). Beside media-areas.ts, the other place that reads all media areas at once, so no
 * area reaches into another's repository.
 */
export async function mediaRowsOf(db: Db, contentId: string) {
  const exterior = exteriorRepo(db);
  const slider = sliderRepo(db);
  return {
    groups: await exterior.groups(contentId),
    frames: await exterior.frames(contentId),
    settings: await exterior.settings(contentId),
    scenes: await interiorRepo(db).scenes(contentId),
    items: await slider.items(contentId),
    riderView: await slider.riderView(contentId),
    hotspots: await hotspotsRepo(db).list(contentId),
  };
}
export type MediaRows = Awaited<ReturnType<typeof mediaRowsOf>>;
