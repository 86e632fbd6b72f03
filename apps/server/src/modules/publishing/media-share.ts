import type { MediaArea } from '../vehicle-media/media-area.ts';
import { publicationsRepo } from './repo.ts';

/**
 * The published copies' share of a vehicle's media (published-blobs.ts): what the current and the previous
 * manifest name. Never copied: a copied vehicle starts unpublished.
 */
export const publishingMedia: MediaArea = {
  name: 'publishing',
  keys: async (db, contentId) => [...(await publicationsRepo(db).keptKeys(contentId))],
  deleteRows: (trx, contentId) => publicationsRepo(trx).deleteOf(contentId),
};
