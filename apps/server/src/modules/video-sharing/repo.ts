import { VIDEO_SITE_FIELDS } from '@spinyard/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { VideoSiteStatus } from '../../db/schema-movies.ts';

/**
 * SQL of video sharing: the connected accounts (tokens sealed) and the videos put on the video site from a vehicle
 * (`video_sharing_accounts`, `video_site_videos`, written only here). The files uploaded are read from the tables
 * of the areas that own them (original videos, content movies).
 */

export const VIDEO_COLUMNS = [
  'id',
  'content_id',
  'user_id',
  'status',
  'source_kind',
  'source_id',
  'session_url',
  'bytes_total',
  'bytes_sent',
  'video_id',
  ...VIDEO_SITE_FIELDS,
  'thumbnail_key',
  'position',
  'error_code',
  'updated_at',
] as const;

export interface VideoRow {
  id: string;
  content_id: string;
  user_id: string | null;
  status: VideoSiteStatus;
  source_kind: string;
  source_id: string | null;
  session_url: string | null;
  bytes_total: string | null;
  bytes_sent: string;
  video_id: string | null;
  title: string;
  description: string;
  playlist_id: string | null;
  language: string | null;
  category_id: string | null;
  tags: string[];
  audience: 'made_for_kids' | 'not_made_for_kids';
  privacy: 'private' | 'unlisted' | 'public';
  thumbnail_key: string | null;
  position: number;
  error_code: string | null;
  updated_at: Date;
}

export type VideoPatch = Partial<
  Pick<
    VideoRow,
    | 'status'
    | 'session_url'
    | 'video_id'
    | 'title'
    | 'description'
    | 'playlist_id'
    | 'language'
    | 'category_id'
    | 'tags'
    | 'audience'
    | 'privacy'
    | 'thumbnail_key'
    | 'error_code'
  > & { bytes_total: number; bytes_sent: number }
>;

export type NewVideo = Omit<VideoPatch, 'status'> &
  Pick<VideoRow, 'content_id' | 'user_id' | 'source_kind' | 'source_id' | 'title' | 'thumbnail_key'>;

export function videoSharingRepo(db: Db) {
  return {
    account: (userId: string) =>
      db.selectFrom('video_sharing_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    async saveAccount(row: {
      user_id: string;
      provider: string;
      tokens_sealed: string;
      scopes: string;
      channel_id: string | null;
      channel_title: string | null;
    }): Promise<void> {
      await db
        .insertInto('video_sharing_accounts')
        .values(row)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ ...row, connected_at: sql`now()`, updated_at: sql`now()` }),
        )
        .execute();
    },
    async saveTokens(userId: string, sealed: string): Promise<void> {
      await db
        .updateTable('video_sharing_accounts')
        .set({ tokens_sealed: sealed, updated_at: sql`now()` })
        .where('user_id', '=', userId)
        .execute();
    },
    async deleteAccount(userId: string): Promise<void> {
      await db.deleteFrom('video_sharing_accounts').where('user_id', '=', userId).execute();
    },

    videos: (contentId: string) =>
      db
        .selectFrom('video_site_videos')
        .select(VIDEO_COLUMNS)
        .where('content_id', '=', contentId)
        .where('deleted_at', 'is', null)
        .orderBy('position')
        .orderBy('id')
        .execute() as Promise<VideoRow[]>,
    video: (contentId: string, id: string) =>
      db
        .selectFrom('video_site_videos')
        .select(VIDEO_COLUMNS)
        .where('content_id', '=', contentId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst() as Promise<VideoRow | undefined>,
    videoById: (id: string) =>
      db
        .selectFrom('video_site_videos')
        .select(VIDEO_COLUMNS)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst() as Promise<VideoRow | undefined>,
    async insertVideo(row: NewVideo): Promise<string> {
      const inserted = await db
        .insertInto('video_site_videos')
        .values({
          ...row,
          position: sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM video_site_videos
            WHERE content_id = ${row.content_id} AND deleted_at IS NULL)`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },
    async updateVideo(id: string, patch: VideoPatch): Promise<void> {
      await db
        .updateTable('video_site_videos')
        .set({ ...patch, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },
    async deleteVideo(id: string): Promise<void> {
      await db
        .updateTable('video_site_videos')
        .set({ deleted_at: sql`now()`, session_url: null, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },
    async reorder(contentId: string, ids: readonly string[]): Promise<void> {
      for (const [position, id] of ids.entries()) {
        await db
          .updateTable('video_site_videos')
          .set({ position })
          .where('content_id', '=', contentId)
          .where('id', '=', id)
          .execute();
      }
    },

    /** The blob key of an original video of the vehicle (the slider area's row), if there is one. */
    async originalVideoKey(contentId: string, movieId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('original_movies')
        .select(sql<string>`movie->>'key'`.as('key'))
        .where('content_id', '=', contentId)
        .where('id', '=', movieId)
        .executeTakeFirst();
      return row?.key ?? undefined;
    },
    /** The 1080p file of the vehicle's ready content movie of this kind (the movies area's row). */
    async contentMovieKey(contentId: string, kind: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('content_movies')
        .select('file_1080_key')
        .where('content_id', '=', contentId)
        .where(sql<boolean>`kind::text = ${kind}`)
        .where('status', '=', 'ready')
        .executeTakeFirst();
      return row?.file_1080_key ?? undefined;
    },
  };
}

export type VideoSharingRepo = ReturnType<typeof videoSharingRepo>;
