import type { Db } from '../../db/database.ts';
import type { StoredImage } from '../../db/schema.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { setMediaFlags } from '../contents/media-access.ts';
import { keysOf } from '../vehicle-media/images.ts';
import { shownImage } from './answer.ts';
import { exteriorRepo } from './repo.ts';

/**
 * What every edit of the exterior does after changing rows or frames (the service's direct edits and the jobs of
 * replace-image and extra-image removal).
 */

/**
 * The flags the exterior gives the vehicle: `has_exterior` when a spin row (temp rows are not part of the spin) has a
 * frame, and the list thumbnail, the shown image of the first frame of the first spin row (null without one).
 */
export async function exteriorFlagsOf(
  trx: Db,
  contentId: string,
): Promise<{ has_exterior: boolean; thumbnail_key: string | null }> {
  const repo = exteriorRepo(trx);
  const temp = new Set((await repo.groups(contentId)).filter((g) => g.is_temp).map((g) => g.id));
  const first = (await repo.frames(contentId)).find((f) => !temp.has(f.group_id));
  return {
    has_exterior: first !== undefined,
    thumbnail_key: first ? (shownImage(first).renditions.thumbnail?.jpeg ?? null) : null,
  };
}

/**
 * Sets the vehicle's `has_exterior` and list thumbnail from its rows (exteriorFlagsOf), in the edit's transaction.
 * `current`: the vehicle's flags before the change (as locked, or as the rows gave them before it); only a change is
 * written, so an edit that leaves both alone does not touch the vehicle (its updated_at stays, and the console's
 * wizard is not remounted).
 */
export async function refreshExteriorFlags(
  trx: Db,
  contentId: string,
  current: { has_exterior: boolean; thumbnail_key: string | null },
): Promise<void> {
  const next = await exteriorFlagsOf(trx, contentId);
  if (next.has_exterior !== current.has_exterior || next.thumbnail_key !== current.thumbnail_key) {
    await setMediaFlags(trx, contentId, next);
  }
}

/**
 * Deletes the blobs of images no frame of the vehicle shows or keeps any more, once the change that dropped them is
 * committed. Keys are content-addressed, so the same picture may be referred to by another frame (a duplicated
 * frame, a replacement equal to a frame): such a key stays. A failed delete leaves an orphan blob, never a broken
 * frame, so it is logged by the caller and not retried.
 */
export async function deleteUnreferencedBlobs(
  db: Db,
  store: BlobStore,
  contentId: string,
  dropped: readonly StoredImage[],
): Promise<string[]> {
  if (dropped.length === 0) return [];
  const kept = new Set<string>();
  for (const frame of await exteriorRepo(db).frames(contentId)) {
    for (const key of keysOf(frame.original)) kept.add(key);
    if (frame.edited) for (const key of keysOf(frame.edited)) kept.add(key);
  }
  const gone = [...new Set(dropped.flatMap(keysOf))].filter((key) => !kept.has(key));
  await Promise.all(gone.map((key) => store.delete(key)));
  return gone;
}

/** Every image a frame holds (the extracted one and its edit). */
export const imagesOfFrame = (frame: { original: StoredImage; edited: StoredImage | null }): StoredImage[] =>
  frame.edited ? [frame.original, frame.edited] : [frame.original];
