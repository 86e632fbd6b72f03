import {
  HOTSPOT_ICON_ID,
  type HotspotKeyFrame,
  hotspotFrames,
  type MediaImageAnswer,
  type PublishedExteriorHotspot,
  type PublishedInteriorHotspot,
  videoLinkAnswer,
} from '@spinyard/domain';
import type { StoredImage } from '../../db/schema.ts';
import type { StoredHotspotFile } from '../../db/schema-hotspots.ts';
import { shownImage } from '../exterior/answer.ts';
import type { MediaRows } from '../vehicle-media/rows.ts';

type UrlOf = (key: string) => string;
type ImageOf = (stored: StoredImage) => MediaImageAnswer;
type HotspotRow = MediaRows['hotspots'][number];

/**
 * The hotspots of the manifest (domain: published-hotspots.ts). Every file a hotspot names goes through `url`, so it
 * is copied into the published folder like the frames; title and body are copied as the plain text they are.
 */
export function manifestHotspots(media: MediaRows, url: UrlOf, image: ImageOf) {
  const file = (f: StoredHotspotFile) => ({
    url: url(f.key),
    bytes: f.bytes,
    format: f.format,
    duration_seconds: f.duration_seconds ?? 0,
  });

  // The copy browsers play when one was made (hotspots/video-job.ts); else the file as uploaded, which the viewer
  // offers for download unless it is an MP4.
  const publishedVideo = (video: StoredHotspotFile) => {
    const copy = video.playable;
    if (copy?.state === 'ready') {
      return {
        ...file({ ...video, key: copy.key, bytes: copy.bytes, format: 'mp4' }),
        width: copy.width,
        height: copy.height,
      };
    }
    return { ...file(video), width: video.width ?? 0, height: video.height ?? 0 };
  };

  // A close-up opens a row that is often a temp row (left out of the spin), so its frames travel with the hotspot.
  const closeupOf = (groupId: string | null) => {
    if (groupId === null) return null;
    const frames = media.frames.filter((f) => f.group_id === groupId);
    if (frames.length === 0) return null;
    return { frames: frames.map((f, i) => ({ order: i + 1, image: image(shownImage(f)) })) };
  };

  function common(row: HotspotRow) {
    const { icon, image: picture, audio, video } = row.files;
    return {
      id: row.id,
      type: row.type as PublishedExteriorHotspot['type'],
      icon: {
        type: row.icon_type as PublishedExteriorHotspot['icon']['type'],
        id: HOTSPOT_ICON_ID,
        url: icon ? url(icon.key) : null,
        width: icon?.width ?? null,
        height: icon?.height ?? null,
      },
      title: row.title,
      body: row.body,
      category: row.category as PublishedExteriorHotspot['category'],
      damage_type: row.damage_type as PublishedExteriorHotspot['damage_type'],
      damage_position: row.damage_position,
      damage_colour: row.damage_colour,
      image: picture ? image(picture) : null,
      audio: audio ? file(audio) : null,
      video: video ? publishedVideo(video) : null,
      video_link: row.video_id !== null ? videoLinkAnswer(row.video_id) : null,
      closeup: row.type === 'closeup_360' ? closeupOf(row.closeup_group_id) : null,
    };
  }

  return {
    /** The hotspots on a row of `frameCount` frames that are visible on at least one of them. */
    ofRow(groupId: string, frameCount: number): PublishedExteriorHotspot[] {
      return media.hotspots
        .filter((h) => h.kind === 'exterior' && h.group_id === groupId)
        .map((h) => {
          const keyFrames = (h.key_frames ?? []) as HotspotKeyFrame[];
          return { ...common(h), key_frames: keyFrames, frames: hotspotFrames(keyFrames, frameCount) };
        })
        .filter((h) => h.frames.length > 0);
    },

    ofScene(sceneId: string): PublishedInteriorHotspot[] {
      return media.hotspots
        .filter((h) => h.kind === 'interior' && h.scene_id === sceneId)
        .map((h) => ({ ...common(h), yaw: h.yaw ?? 0, pitch: h.pitch ?? 0 }));
    },
  };
}
