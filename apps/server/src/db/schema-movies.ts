import type { ContentMovieKind } from '@spinyard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Nullable, Text, UpdatedAt } from './columns.ts';

// The tables of migration 0023 (issue 20): content videos (modules/movies), the audio library
// (modules/audio-library), movie mails (modules/movie-mail), video sharing (modules/video-sharing). Byte counts are
// bigint: the driver reads them as strings, so repositories turn them into numbers.

type Bytes = ColumnType<string, number | string, number | string>;
/** A byte count that may be absent (a movie not rendered yet); Nullable<Bytes> would nest two column types. */
type NullableBytes = ColumnType<string | null, number | string | null | undefined, number | string | null>;

export interface ContentMovieSettingsTable {
  content_id: string;
  /** Written as `contentMovieSettingsSchema` parsed it; read back through the schema. */
  settings: Json<unknown>;
  opening_image_key: Nullable<string>;
  opening_image_width: Nullable<number>;
  opening_image_height: Nullable<number>;
  updated_at: UpdatedAt;
}

export interface ContentMoviesTable {
  id: Generated<string>;
  content_id: string;
  kind: ContentMovieKind;
  status: ColumnType<'rendering' | 'ready' | 'failed', 'rendering' | 'ready' | 'failed' | undefined>;
  inputs_hash: string;
  file_1080_key: Nullable<string>;
  file_720_key: Nullable<string>;
  poster_key: Nullable<string>;
  width: Nullable<number>;
  height: Nullable<number>;
  bytes_1080: NullableBytes;
  bytes_720: NullableBytes;
  duration_seconds: Nullable<number>;
  error_code: Nullable<string>;
  rendered_at: Nullable<Date>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AudioTracksTable {
  id: Generated<string>;
  domain_id: Nullable<string>;
  user_id: Nullable<string>;
  source: 'library' | 'upload';
  library_key: Nullable<string>;
  title: string;
  genre: Text;
  mood: Text;
  tempo_bpm: Nullable<number>;
  duration_seconds: number;
  format: string;
  file_key: string;
  bytes: Bytes;
  deleted_at: Nullable<Date>;
  created_at: CreatedAt;
}

export interface MovieMailsTable {
  id: Generated<string>;
  content_id: string;
  domain_id: string;
  sender_id: Nullable<string>;
  recipients: string[];
  cc: ColumnType<string[], string[] | undefined, string[]>;
  subject: Text;
  body: Text;
  token_hash: string;
  expires_at: Date;
  sent_count: ColumnType<number, number | undefined, number>;
  last_sent_at: ColumnType<Date, Date | undefined, Date>;
  deleted_at: Nullable<Date>;
  created_at: CreatedAt;
}

export interface VideoSharingAccountsTable {
  user_id: string;
  provider: Text;
  tokens_sealed: string;
  scopes: Text;
  channel_id: Nullable<string>;
  channel_title: Nullable<string>;
  connected_at: ColumnType<Date, Date | undefined, Date>;
  updated_at: UpdatedAt;
}

export type VideoSiteStatus = 'pending' | 'uploading' | 'processing' | 'done' | 'failed';

export interface VideoSiteVideosTable {
  id: Generated<string>;
  content_id: string;
  user_id: Nullable<string>;
  status: ColumnType<VideoSiteStatus, VideoSiteStatus | undefined, VideoSiteStatus>;
  source_kind: string;
  source_id: Nullable<string>;
  session_url: Nullable<string>;
  bytes_total: NullableBytes;
  bytes_sent: ColumnType<string, number | string | undefined, number | string>;
  video_id: Nullable<string>;
  title: string;
  description: Text;
  playlist_id: Nullable<string>;
  language: Nullable<string>;
  category_id: Nullable<string>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  audience: ColumnType<'made_for_kids' | 'not_made_for_kids', 'made_for_kids' | 'not_made_for_kids' | undefined>;
  privacy: ColumnType<'private' | 'unlisted' | 'public', 'private' | 'unlisted' | 'public' | undefined>;
  thumbnail_key: Nullable<string>;
  position: ColumnType<number, number | undefined, number>;
  error_code: Nullable<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Nullable<Date>;
}
