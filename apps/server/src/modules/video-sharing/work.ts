import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { JobResult } from '../../platform/jobs/queue-registry.ts';
import { type BlobStore, readBlob } from '../../platform/storage/blob-store.ts';
import {
  type VideoSharing,
  VideoSharingConnectionError,
  VideoSharingError,
} from '../../platform/video-sharing/port.ts';
import { driveUpload, skipBytes } from '../../platform/video-sharing/resumable.ts';
import type { AccountService } from './account-service.ts';
import { metadataOf } from './answer.ts';
import { type VideoRow, videoSharingRepo } from './repo.ts';

export interface UploadDeps {
  db: Db;
  store: BlobStore;
  site: VideoSharing;
  accounts: AccountService;
  chunkBytes?: number;
}

/** The blob the row uploads: the vehicle's ready content movie of a kind, or one of its original videos. */
export async function sourceKeyOf(db: Db, row: Pick<VideoRow, 'content_id' | 'source_kind' | 'source_id'>) {
  const repo = videoSharingRepo(db);
  if (!row.source_id) return undefined;
  return row.source_kind === 'content_movie'
    ? repo.contentMovieKey(row.content_id, row.source_id)
    : repo.originalVideoKey(row.content_id, row.source_id);
}

/** The size of a blob, or undefined when it is gone. */
export async function blobSize(store: BlobStore, key: string): Promise<number | undefined> {
  const entries = await store.listEntries(key);
  return entries.find((entry) => entry.key === key)?.size;
}

/** What a failure leaves on the row: the service's code, or ours for a lost connection or a lost grant. */
function failureCode(error: unknown): string | null {
  if (error instanceof VideoSharingError) return error.code;
  if (error instanceof VideoSharingConnectionError) return 'connectionLost';
  if (error instanceof AppError && error.code === 'video_sharing_not_connected') return 'authorizationRequired';
  return null;
}

/**
 * Uploads one row's file through a resumable session. The session's address and the bytes the service has are
 * stored as they change, so the job taken up again after a restart (or started again by the dealer after a dropped
 * connection) asks the session what arrived and sends the rest. Then the playlist and the thumbnail.
 */
export async function uploadVideo(deps: UploadDeps, rowId: string): Promise<JobResult> {
  const repo = videoSharingRepo(deps.db);
  const row = await repo.videoById(rowId);
  if (!row || row.status === 'done' || row.status === 'failed' || !row.user_id) return 'skipped';
  const userId = row.user_id;
  try {
    const token = await deps.accounts.accessToken(userId);
    if (!row.video_id) {
      const key = await sourceKeyOf(deps.db, row);
      const total = key ? await blobSize(deps.store, key) : undefined;
      if (!key || total === undefined) throw new VideoSharingError('mediaBodyRequired', 400);
      let sessionUrl = row.session_url;
      if (!sessionUrl) {
        sessionUrl = await deps.site.startUpload(token, {
          metadata: metadataOf(row),
          totalBytes: total,
          contentType: 'video/mp4',
        });
        await repo.updateVideo(row.id, {
          session_url: sessionUrl,
          bytes_total: total,
          bytes_sent: 0,
          status: 'uploading',
        });
      }
      const outcome = await driveUpload(deps.site, token, {
        sessionUrl,
        totalBytes: total,
        ...(deps.chunkBytes ? { chunkBytes: deps.chunkBytes } : {}),
        open: (offset) => openAt(deps.store, key, offset),
        onProgress: (received) => repo.updateVideo(row.id, { bytes_sent: received, status: 'uploading' }),
      });
      await repo.updateVideo(row.id, { video_id: outcome.video.id, bytes_sent: total, status: 'processing' });
      row.video_id = outcome.video.id;
    }
    const videoId = row.video_id;
    if (row.playlist_id) await deps.site.addToPlaylist(token, row.playlist_id, videoId);
    if (row.thumbnail_key) {
      const bytes = await readBlob(deps.store, row.thumbnail_key);
      if (bytes) await deps.site.setThumbnail(token, videoId, { bytes, contentType: thumbnailType(bytes) });
    }
    await repo.updateVideo(row.id, { status: 'done', error_code: null, session_url: null });
    return 'success';
  } catch (error) {
    const code = failureCode(error);
    if (code === null) throw error;
    // A session the service no longer knows cannot be resumed: the next start opens another.
    const lost = error instanceof VideoSharingError && error.code === 'notFound';
    await repo.updateVideo(row.id, { status: 'failed', error_code: code, ...(lost ? { session_url: null } : {}) });
    return 'success';
  }
}

export const thumbnailType = (bytes: Buffer): string => (bytes[0] === 0xff ? 'image/jpeg' : 'image/png');

async function* openAt(store: BlobStore, key: string, offset: number): AsyncGenerator<Buffer> {
  const blob = await store.get(key);
  if (!blob) throw new VideoSharingError('mediaBodyRequired', 400);
  yield* skipBytes(blob.stream as AsyncIterable<Buffer>, offset);
}
