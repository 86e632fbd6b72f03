import type { Db } from '../../db/database.ts';
import type { StoredImage } from '../../db/schema.ts';
import { exteriorRepo } from './repo.ts';

/**
 * What other areas may read of a spin to pick pictures from it (the slider's automatic category images): the
 * pictures the buyer sees (a frame's blur or replacement, else the extracted frame) of the row the spin opens on, in
 * turn order, frame 0 being the front when front detection ran or the dealer turned the row.
 */
export async function openingRowPictures(db: Db, contentId: string): Promise<StoredImage[]> {
  const repo = exteriorRepo(db);
  const rows = (await repo.groups(contentId)).filter((g) => !g.is_temp);
  const wanted = (await repo.settings(contentId))?.initial_row ?? 1;
  const row = rows.find((g) => g.group_order === wanted) ?? rows[0];
  if (!row) return [];
  return (await repo.framesOf(row.id)).map((f) => f.edited ?? f.original);
}
