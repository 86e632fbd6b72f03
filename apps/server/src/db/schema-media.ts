import type { ColumnType } from 'kysely';
import type { Flag, Json, Nullable, NullableJson, Row, StampedRow, Text, UpdatedAt } from './columns.ts';

// The media tables of migration 0012 (issue 9), kept apart from schema.ts so each file stays readable.

/**
 * One stored image and its renditions (migration 0012). Every key is content-addressed, so a rendition's URL never
 * changes meaning. `master` is the full-size JPEG the renditions were made from (and edits start from).
 */
export interface StoredRendition {
  width: number;
  height: number;
  jpeg: string;
  webp: string;
}
export interface StoredImage {
  width: number;
  height: number;
  master: string;
  /** By size name: `thumbnail`, `display`, `zoom` (exterior); interior adds its own (see its area). */
  renditions: Record<string, StoredRendition>;
  /** Interior panoramas: the tile pyramid's facts (the interior area's shape). */
  tiles?: Record<string, unknown> | undefined;
}

/** A row of the spin (obvr "sheets_group"). */
export interface ExteriorGroupsTable extends Row {
  content_id: string;
  group_order: number;
  frame_count: number;
  is_temp: Flag;
  loop: NullableJson<Record<string, unknown>>;
}

/** A frame of a row (obvr "sheets"); `edited` is its blurred or replaced image, the original stays. */
export interface ExteriorFramesTable extends StampedRow {
  content_id: string;
  group_id: string;
  frame_order: number;
  original: Json<StoredImage>;
  edited: NullableJson<StoredImage>;
  edit_kind: Nullable<'blur' | 'replace'>;
}

export interface ExteriorSettingsTable {
  content_id: string;
  initial_angle: Text;
  initial_row: ColumnType<number, number | undefined, number>;
  blur: NullableJson<Record<string, unknown>>;
  updated_at: UpdatedAt;
}

/** An original walk-around video kept for the domain's retention. */
export interface MovieBackupsTable extends Row {
  content_id: string;
  domain_id: string;
  upload_id: Nullable<string>;
  blob_key: string;
  size: ColumnType<string, number, never>;
  duration_seconds: number;
  file_name: Nullable<string>;
  expires_at: Nullable<Date>;
  purged_at: Nullable<Date>;
}

/** An interior panorama (scene); `current` is its enhanced or white-balanced image, `original` stays. */
export interface InteriorScenesTable extends StampedRow {
  content_id: string;
  scene_order: number;
  title: Text;
  original: Json<StoredImage>;
  current: NullableJson<StoredImage>;
  enhance: NullableJson<Record<string, unknown>>;
  white_balance: NullableJson<Record<string, unknown>>;
  initial_view: Json<{ yaw: number; pitch: number; zoom: number }>;
  zoom_points: Json<unknown[]>;
}

/** A category image or a video link of the slider. */
export interface SliderItemsTable extends Row {
  content_id: string;
  item_order: number;
  kind: 'image' | 'video_link';
  category: Nullable<string>;
  caption: Text;
  image: NullableJson<StoredImage>;
  video_id: Nullable<string>;
}

/** An original content video, kept as uploaded (re-muxed), with its poster frame. */
export interface OriginalMoviesTable extends Row {
  content_id: string;
  movie_order: number;
  movie: Json<Record<string, unknown>>;
  file_name: Nullable<string>;
}

export interface RiderViewImagesTable extends Row {
  content_id: string;
  image_order: number;
  image: Json<StoredImage>;
}

/** The secret of media URLs and published names (migration 0018), one row per use, shared by every node. */
export interface MediaSecretsTable {
  name: string;
  secret: ColumnType<Buffer, Buffer, never>;
  created_at: ColumnType<Date, never, never>;
}
