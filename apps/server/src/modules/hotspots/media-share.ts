import type { Db } from '../../db/database.ts';
import type { HotspotFiles } from '../../db/schema-hotspots.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { blobCopier } from '../vehicle-media/images.ts';
import type { MediaArea } from '../vehicle-media/media-area.ts';
import { hotspotKeys } from './answer.ts';

import { hotspotsRepo } from './repo.ts';

/** Pairs the rows (or scenes) of two vehicles by their place: a copy keeps every row's and scene's order. */
async function pairedIds(trx: Db, of: 'rows' | 'scenes', fromId: string, toId: string): Promise<Map<string, string>> {
  const repo = hotspotsRepo(trx);
  const [from, to] = [await repo.placeIds(fromId, of), await repo.placeIds(toId, of)];
  return new Map(from.flatMap((id, i) => (to[i] ? [[id, to[i]] as [string, string]] : [])));
}

/**
 * A copied vehicle's hotspots, after its rows and scenes were copied (vehicle-media/copy.ts): each on the copy's row or scene
 * in the same place, a close-up naming the copy's row, every file copied under the new vehicle's prefix. Called by
 * the copy process in its transaction.
 */
export async function copyHotspots(trx: Db, store: BlobStore, fromId: string, toId: string): Promise<void> {
  const repo = hotspotsRepo(trx);
  const hotspots = await repo.list(fromId);
  if (hotspots.length === 0) return;
  const copier = blobCopier(store, fromId, toId);
  const groups = await pairedIds(trx, 'rows', fromId, toId);
  const scenes = await pairedIds(trx, 'scenes', fromId, toId);
  for (const h of hotspots) {
    // Proposals stay with the vehicle they were found on: the copy's dealer accepts or runs detection again.
    if (h.proposed) continue;
    const groupId = h.group_id === null ? null : (groups.get(h.group_id) ?? null);
    const sceneId = h.scene_id === null ? null : (scenes.get(h.scene_id) ?? null);
    // A hotspot whose row or scene did not come along has nowhere to stand.
    if ((h.kind === 'exterior' && groupId === null) || (h.kind === 'interior' && sceneId === null)) continue;
    const files: HotspotFiles = {};
    if (h.files.image) files.image = await copier.image(h.files.image);
    for (const kind of ['audio', 'video', 'icon'] as const) {
      const f = h.files[kind];
      if (f) files[kind] = { ...f, key: await copier.key(f.key) };
    }
    const playable = h.files.video?.playable;
    if (files.video && playable) {
      // A browser copy still being made is not made for the copy (its job names the original's file): the copy's
      // video is offered for download until it is uploaded again (docs/decisions.md).
      files.video.playable =
        playable.state === 'ready' ? { ...playable, key: await copier.key(playable.key) } : { state: 'failed' };
    }
    await repo.insert({
      content_id: toId,
      kind: h.kind,
      group_id: groupId,
      key_frames: h.key_frames === null ? null : JSON.stringify(h.key_frames),
      scene_id: sceneId,
      yaw: h.yaw,
      pitch: h.pitch,
      type: h.type,
      icon_type: h.icon_type,
      title: h.title,
      body: h.body,
      category: h.category,
      damage_type: h.damage_type,
      damage_position: h.damage_position,
      damage_colour: h.damage_colour,
      video_id: h.video_id,
      closeup_group_id: h.closeup_group_id === null ? null : (groups.get(h.closeup_group_id) ?? null),
      files: JSON.stringify(files),
    });
  }
}

/** The hotspots' share of a vehicle's media (vehicle-media/media-area.ts). */
export const hotspotsMedia = {
  name: 'hotspots',
  keys: async (db, contentId) => (await hotspotsRepo(db).list(contentId)).flatMap((row) => hotspotKeys(row.files)),
  deleteRows: (trx, contentId) => hotspotsRepo(trx).deleteAllOf(contentId),
  // Last in the copy: hotspots stand on the rows and scenes the other areas copied.
  copy: copyHotspots,
  /** The rows publishing builds its manifest from (vehicle-media/rows.ts). */
  // What buyers may be shown: a proposal not yet accepted is not published (nor in a film, nor pending).
  rows: async (db: Db, contentId: string) => ({
    hotspots: (await hotspotsRepo(db).list(contentId)).filter((h) => !h.proposed),
  }),
} satisfies MediaArea;
