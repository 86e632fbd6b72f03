import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { setMediaFlags } from '../contents/media-access.ts';
import { blobCopier } from '../media-images.ts';
import { exteriorRepo } from './repo.ts';

/**
 * A copied vehicle's exterior: every row and frame with its edits (blur, replacement), the settings and the blur
 * editor's regions, its files copied under the new vehicle's prefix. Called by the copy process in its transaction.
 * The original videos' backups stay with the vehicle they were uploaded for.
 */
export async function copyExteriorMedia(trx: Db, store: BlobStore, fromId: string, toId: string): Promise<void> {
  const repo = exteriorRepo(trx);
  const copier = blobCopier(store, fromId, toId);
  const frames = await repo.frames(fromId);
  const groups = await repo.groups(fromId);
  let thumbnail: string | null = null;
  for (const group of groups) {
    const copied = [];
    for (const frame of frames.filter((f) => f.group_id === group.id)) {
      const original = await copier.image(frame.original);
      const edited = frame.edited === null ? null : await copier.image(frame.edited);
      copied.push({ frame_order: frame.frame_order, original, edited, edit_kind: frame.edit_kind });
    }
    await repo.insertCopy(toId, group, copied);
    const first = copied[0];
    if (thumbnail === null && first) thumbnail = (first.edited ?? first.original).renditions.thumbnail?.jpeg ?? null;
  }
  const settings = await repo.settings(fromId);
  if (settings) await repo.copySettings(toId, settings);
  if (groups.length > 0) await setMediaFlags(trx, toId, { has_exterior: true, thumbnail_key: thumbnail });
}
