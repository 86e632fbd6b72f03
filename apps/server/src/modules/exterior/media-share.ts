import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { setMediaFlags } from '../contents/media-access.ts';
import { blobCopier, keysOf } from '../vehicle-media/images.ts';
import type { MediaArea } from '../vehicle-media/media-area.ts';
import { movieBackupRepo } from './backup-repo.ts';

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

/** The exterior's share of a vehicle's media (vehicle-media/media-area.ts). */
export const exteriorMedia = {
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
  copy: copyExteriorMedia,
  /** The rows publishing builds its manifest from (vehicle-media/rows.ts). */
  async rows(db: Db, contentId: string) {
    const repo = exteriorRepo(db);
    return {
      groups: await repo.groups(contentId),
      frames: await repo.frames(contentId),
      settings: await repo.settings(contentId),
    };
  },
} satisfies MediaArea;
