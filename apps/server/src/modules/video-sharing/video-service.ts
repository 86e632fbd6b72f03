import { readFile } from 'node:fs/promises';
import {
  type Operation,
  VIDEO_SITE_MAX_BYTES,
  VIDEO_SITE_THUMBNAIL_MAX_BYTES,
  type VideoSiteUpdateBody,
  type VideoSiteUploadBody,
  type VideoSiteVideoAnswer,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { ReceivedFile } from '../../http/multipart-file.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { blobKey } from '../../platform/storage/blob-store.ts';
import { type VideoSharing, VideoSharingError } from '../../platform/video-sharing/port.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia, visibleForMedia } from '../contents/media-access.ts';
import { type AccountService, atSite } from './account-service.ts';
import { metadataOf, videoAnswer } from './answer.ts';
import { type VideoRow, videoSharingRepo } from './repo.ts';
import { blobSize, sourceKeyOf, thumbnailType } from './work.ts';

export interface VideoServiceDeps {
  db: Db;
  store: BlobStore;
  site: VideoSharing;
  accounts: AccountService;
  /** Queues the upload job of a row (jobs.ts); the app without workers (tests) runs it by hand. */
  startUpload: (rowId: string) => Promise<void>;
}

const isImage = (bytes: Buffer) =>
  (bytes[0] === 0xff && bytes[1] === 0xd8) || bytes.subarray(0, 4).toString('latin1') === '\x89PNG';

/**
 * The video-site operations on a vehicle (UPLOAD, UPDATE, DELETE, REORDER): each checks the vehicle's lock rules
 * first, then talks to the service outside any transaction (a slow service holds no row lock), then records.
 */
export function videoService(deps: VideoServiceDeps) {
  const { db, site, accounts } = deps;
  const repo = videoSharingRepo(db);
  const gate = (actor: Actor, contentId: string, operation: Operation) =>
    db.transaction().execute((trx) => lockForMedia(trx, actor, contentId, operation));
  const found = async (contentId: string, id: string): Promise<VideoRow> => {
    const row = await repo.video(contentId, id);
    if (!row) throw new AppError('not_found');
    return row;
  };
  const answer = async (contentId: string, id: string) => videoAnswer(await found(contentId, id), site);

  return {
    async list(actor: Actor, contentId: string): Promise<{ items: VideoSiteVideoAnswer[] }> {
      await visibleForMedia(db, actor, contentId);
      return { items: (await repo.videos(contentId)).map((row) => videoAnswer(row, site)) };
    },

    async upload(actor: Actor, contentId: string, body: VideoSiteUploadBody): Promise<VideoSiteVideoAnswer> {
      await gate(actor, contentId, 'VIDEO_SITE.UPLOAD');
      await accounts.accessToken(actor.userId);
      const key = await sourceKeyOf(db, {
        content_id: contentId,
        source_kind: body.source_kind,
        source_id: body.source_id,
      });
      const size = key ? await blobSize(deps.store, key) : undefined;
      if (!key || size === undefined) {
        throw new AppError('validation_failed', {
          fields: [fieldError('source_id', 'one_of', 'No such video of this vehicle.')],
        });
      }
      if (size > VIDEO_SITE_MAX_BYTES) {
        throw new AppError('file_too_large', { params: { max_bytes: VIDEO_SITE_MAX_BYTES } });
      }
      const id = await repo.insertVideo({
        content_id: contentId,
        user_id: actor.userId,
        source_kind: body.source_kind,
        source_id: body.source_id,
        title: body.title,
        description: body.description,
        playlist_id: body.playlist_id,
        language: body.language,
        category_id: body.category_id,
        tags: body.tags,
        audience: body.audience,
        privacy: body.privacy,
        thumbnail_key: null,
        bytes_total: size,
      });
      await deps.startUpload(id);
      return answer(contentId, id);
    },

    /** Starts a failed upload again: the stored session goes on from what the service has. */
    async resume(actor: Actor, contentId: string, id: string): Promise<VideoSiteVideoAnswer> {
      await gate(actor, contentId, 'VIDEO_SITE.UPLOAD');
      const row = await found(contentId, id);
      if (row.status !== 'failed') throw new AppError('invalid_state_transition');
      await repo.updateVideo(id, { status: row.session_url ? 'uploading' : 'pending', error_code: null });
      await deps.startUpload(id);
      return answer(contentId, id);
    },

    async update(
      actor: Actor,
      contentId: string,
      id: string,
      body: VideoSiteUpdateBody,
    ): Promise<VideoSiteVideoAnswer> {
      await gate(actor, contentId, 'VIDEO_SITE.UPDATE');
      const row = await found(contentId, id);
      if (row.video_id && row.user_id) {
        const token = await accounts.accessToken(row.user_id);
        const videoId = row.video_id;
        await atSite(() => site.updateVideo(token, videoId, metadataOf(body)));
        if (body.playlist_id && body.playlist_id !== row.playlist_id) {
          const playlist = body.playlist_id;
          await atSite(() => site.addToPlaylist(token, playlist, videoId));
        }
      }
      await repo.updateVideo(id, body);
      return answer(contentId, id);
    },

    /** A thumbnail of 2 MB at most (JPEG or PNG by content), set at the service at once when the video is there. */
    async setThumbnail(actor: Actor, contentId: string, id: string, file: ReceivedFile): Promise<VideoSiteVideoAnswer> {
      await gate(actor, contentId, 'VIDEO_SITE.UPDATE');
      const row = await found(contentId, id);
      if (file.bytes > VIDEO_SITE_THUMBNAIL_MAX_BYTES) {
        throw new AppError('file_too_large', { params: { max_bytes: VIDEO_SITE_THUMBNAIL_MAX_BYTES } });
      }
      const bytes = await readFile(file.path);
      if (!isImage(bytes)) throw new AppError('unsupported_media_type');
      const key = blobKey('contents', contentId, 'video-site', `${id}-thumbnail`);
      await deps.store.put(key, bytes, { contentType: thumbnailType(bytes) });
      if (row.video_id && row.user_id) {
        const token = await accounts.accessToken(row.user_id);
        const videoId = row.video_id;
        await atSite(() => site.setThumbnail(token, videoId, { bytes, contentType: thumbnailType(bytes) }));
      }
      await repo.updateVideo(id, { thumbnail_key: key });
      return answer(contentId, id);
    },

    async remove(actor: Actor, contentId: string, id: string): Promise<{ items: VideoSiteVideoAnswer[] }> {
      await gate(actor, contentId, 'VIDEO_SITE.DELETE');
      const row = await found(contentId, id);
      if (row.video_id && row.user_id) {
        const token = await accounts.accessToken(row.user_id);
        const videoId = row.video_id;
        try {
          await site.deleteVideo(token, videoId);
        } catch (error) {
          // Already gone at the service (deleted there by hand): the row goes all the same.
          if (!(error instanceof VideoSharingError && (error.code === 'videoNotFound' || error.code === 'notFound'))) {
            await atSite(() => Promise.reject(error));
          }
        }
      }
      if (row.thumbnail_key) await deps.store.delete(row.thumbnail_key);
      await repo.deleteVideo(id);
      return this.list(actor, contentId);
    },

    async reorder(actor: Actor, contentId: string, ids: string[]): Promise<{ items: VideoSiteVideoAnswer[] }> {
      await gate(actor, contentId, 'VIDEO_SITE.REORDER');
      const current = (await repo.videos(contentId)).map((row) => row.id);
      if (ids.length !== current.length || !current.every((id) => ids.includes(id))) {
        throw new AppError('validation_failed', {
          fields: [fieldError('ids', 'one_of', 'Give every video of the vehicle once.')],
        });
      }
      await repo.reorder(contentId, ids);
      return this.list(actor, contentId);
    },
  };
}

export type VideoService = ReturnType<typeof videoService>;
