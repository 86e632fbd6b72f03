import {
  HOTSPOT_ICON_ID,
  type HotspotAnswer,
  type HotspotKeyFrame,
  hotspotFrames,
  videoLinkAnswer,
} from '@spinyard/domain';
import type { HotspotFiles, StoredHotspotFile } from '../../db/schema-hotspots.ts';
import { imageAnswer, keysOf, mediaUrlOf } from '../vehicle-media/images.ts';
import type { HotspotRow } from './repo.ts';

/** Every blob key a hotspot's files hold (to delete the ones no other hotspot of the vehicle refers to). */
export function hotspotKeys(files: HotspotFiles): string[] {
  const keys: string[] = [];
  if (files.image) keys.push(...keysOf(files.image));
  for (const f of [files.audio, files.video, files.icon]) if (f) keys.push(f.key);
  if (files.video?.playable?.state === 'ready') keys.push(files.video.playable.key);
  return keys;
}

/** What browsers play of a video: itself, or the MP4 made of it once `ready`. */
function playableAnswer(video: StoredHotspotFile) {
  const copy = video.playable;
  if (!copy) return { conversion: 'none' as const, playable_url: mediaUrlOf(video.key) };
  return { conversion: copy.state, playable_url: copy.state === 'ready' ? mediaUrlOf(copy.key) : null };
}

const timed = (f: StoredHotspotFile) => ({
  url: mediaUrlOf(f.key),
  bytes: f.bytes,
  duration_seconds: f.duration_seconds ?? 0,
  format: f.format,
});

/**
 * A row as the content API answers it. Title and body go out exactly as stored (plain text, never HTML); file
 * keys become URLs. `frameCounts` gives each exterior row's frame count, for the frames the hotspot is seen on.
 */
export function hotspotAnswer(row: HotspotRow, frameCounts: ReadonlyMap<string, number>): HotspotAnswer {
  const files = row.files;
  const keys = (row.key_frames ?? []) as HotspotKeyFrame[];
  return {
    id: row.id,
    kind: row.kind,
    exterior:
      row.kind === 'exterior' && row.group_id !== null
        ? {
            group_id: row.group_id,
            key_frames: keys,
            frames: hotspotFrames(keys, frameCounts.get(row.group_id) ?? 0),
          }
        : null,
    interior:
      row.kind === 'interior' && row.scene_id !== null
        ? { scene_id: row.scene_id, yaw: row.yaw ?? 0, pitch: row.pitch ?? 0 }
        : null,
    type: row.type as HotspotAnswer['type'],
    icon_type: row.icon_type as HotspotAnswer['icon_type'],
    icon_id: HOTSPOT_ICON_ID,
    custom_icon: files.icon
      ? {
          url: mediaUrlOf(files.icon.key),
          bytes: files.icon.bytes,
          width: files.icon.width ?? 0,
          height: files.icon.height ?? 0,
        }
      : null,
    title: row.title,
    body: row.body,
    category: row.category as HotspotAnswer['category'],
    damage_type: row.damage_type as HotspotAnswer['damage_type'],
    damage_position: row.damage_position,
    damage_colour: row.damage_colour,
    video: row.video_id !== null ? videoLinkAnswer(row.video_id) : null,
    closeup_group_id: row.closeup_group_id,
    proposed: row.proposed,
    image: files.image ? imageAnswer(files.image) : null,
    audio: files.audio ? timed(files.audio) : null,
    movie: files.video
      ? {
          ...timed(files.video),
          width: files.video.width ?? 0,
          height: files.video.height ?? 0,
          ...playableAnswer(files.video),
        }
      : null,
  };
}
