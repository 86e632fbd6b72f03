import type { ColumnType, Generated } from 'kysely';
import type { Json, Nullable, NullableJson } from './columns.ts';
import type { StoredImage } from './schema-media.ts';

// The table of migration 0014 (issue 10), apart from schema.ts like the media tables.

/** A hotspot's file, content-addressed: audio and video keep their probed facts. */
export interface StoredHotspotFile {
  key: string;
  bytes: number;
  format: string;
  duration_seconds?: number;
  width?: number;
  height?: number;
  /**
   * A video a browser may not play (WMV, AVI, or a picture that is not H.264): the H.264 MP4 the
   * `hotspots.video-mp4` job makes of it, `pending` until then. Absent for a video browsers play as it is.
   */
  playable?: PlayableCopy;
}

export type PlayableCopy =
  | { state: 'pending' | 'failed' }
  | { state: 'ready'; key: string; bytes: number; width: number; height: number };

export interface HotspotFiles {
  image?: StoredImage;
  audio?: StoredHotspotFile;
  video?: StoredHotspotFile;
  icon?: StoredHotspotFile;
}

export interface HotspotsTable {
  id: Generated<string>;
  content_id: string;
  kind: 'exterior' | 'interior';
  group_id: Nullable<string>;
  key_frames: NullableJson<{ frame: number; x: number; y: number }[]>;
  scene_id: Nullable<string>;
  yaw: Nullable<number>;
  pitch: Nullable<number>;
  type: string;
  icon_type: string;
  title: string;
  body: string;
  category: string;
  damage_type: Nullable<string>;
  damage_position: Nullable<string>;
  damage_colour: ColumnType<string, string | undefined, string>;
  video_id: Nullable<string>;
  closeup_group_id: Nullable<string>;
  files: Json<HotspotFiles>;
  /** Proposed by automatic annotation and not yet accepted: shown in the editor, never published (migration 0035). */
  proposed: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
