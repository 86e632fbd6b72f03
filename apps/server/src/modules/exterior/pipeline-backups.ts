import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/database.ts';
import { makeTempDir } from '../../platform/jobs/temp-space.ts';
import type { Media, ProbedVideo, StrippedContainer } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { putContentAddressedFile } from '../../platform/storage/content-addressed.ts';
import { movieBackupRepo } from './backup-repo.ts';

/**
 * The spin's original videos kept as uploaded, without their metadata (the domain's backup retention; backup-service.ts purges them). They are
 * stored while the frames are being made: storing is reading and writing, beside the decode's CPU work, and nothing
 * about it depends on the frames. Their rows are written with the spin's, in the pipeline's one transaction.
 */

/** The blob prefix of a vehicle's original videos (its frames go under `exteriorPrefix`). */
export const backupPrefix = (contentId: string) => `contents/${contentId}/exterior-backups`;

/** The stored name of an original video by its container, as ffprobe names it, and the container it is copied to. */
function backupFormat(container: string): { extension: string; strip: StrippedContainer } {
  if (container.startsWith('mov,mp4')) return { extension: 'mp4', strip: 'mov' };
  if (container === 'asf') return { extension: 'wmv', strip: 'asf' };
  if (container === 'mpeg') return { extension: 'mpeg', strip: 'mpeg' };
  return { extension: 'avi', strip: 'avi' };
}

export interface KeptOriginal<U> {
  upload: U;
  key: string;
  size: number;
}

export interface KeepingOriginals<U> {
  /** Every video stored, once all are. */
  done: Promise<KeptOriginal<U>[]>;
  /** The ones stored so far (what a refusal must take away, even when a later one failed). */
  stored: KeptOriginal<U>[];
}

/**
 * Starts storing each video content-addressed (a retry writes the same blob again: the copy is bit-exact). What is
 * kept is the uploaded picture and sound without the phone's location, make and model (Media.stripMetadata, issue 18
 * finding 3); a video ffmpeg cannot copy is not kept (no backup is better than one that gives away where it was made).
 */
export function keepOriginals<U extends { file: string; video: ProbedVideo }>(
  store: BlobStore,
  contentId: string,
  uploads: readonly U[],
  media: Pick<Media, 'stripMetadata'>,
): KeepingOriginals<U> {
  const stored: KeptOriginal<U>[] = [];
  const done = (async () => {
    const dir = await makeTempDir('spinyard-backup-');
    try {
      for (const [i, upload] of uploads.entries()) {
        const format = backupFormat(upload.video.container);
        const stripped = path.join(dir, `${i}.${format.extension}`);
        if (!(await media.stripMetadata(upload.file, stripped, format.strip)).ok) continue;
        const blob = await putContentAddressedFile(store, backupPrefix(contentId), stripped, format.extension, {
          contentType: 'application/octet-stream',
        });
        stored.push({ upload, key: blob.key, size: blob.size });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    return stored;
  })();
  // Awaited by the pipeline or by discardOriginals; never an unhandled rejection meanwhile.
  done.catch(() => undefined);
  return { done, stored };
}

/**
 * After a refusal, the videos stored for it go (nothing of a refused spin is left behind), unless a backup of an
 * earlier spin keeps the same bytes. Waits for a store still running, and never throws: the refusal is the answer.
 */
export async function discardOriginals(db: Db, store: BlobStore, keeping: KeepingOriginals<unknown>) {
  await keeping.done.catch(() => undefined);
  for (const { key } of keeping.stored) {
    try {
      if (!(await movieBackupRepo(db).keeps(key))) await store.delete(key);
    } catch {
      // Left to the nightly sweep of blobs no row names.
    }
  }
}
