import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  EXTERIOR_VIDEO_MAX_BYTES,
  parseFields,
  readDomainOptions,
  uploadLengthSchema,
  type VideoUploadAnswer,
  type VideoUploadPurpose,
  videoUploadMetadata,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { isDiskFull } from '../../platform/storage/disk-full.ts';
import { loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { lockVisible, UNEDITABLE_LISTING_LINKS } from '../contents/content-service.ts';
import { contentLocks } from '../processes/locks.ts';
import { isFieldError, parseUploadMetadata } from './metadata.ts';
import { sameBytesUploads, type UploadRow, uploadsRepo } from './repo.ts';
import { keepUploadInStore } from './upload-files.ts';
import { videoContainerOf } from './video-check.ts';

export interface UploadsServiceDeps {
  db: Db;
  /** The largest video accepted, in bytes (EXTERIOR_VIDEO_MAX_BYTES unless a test sets less). */
  maxBytes?: number;
  /** How long after its creation an unfinished upload keeps its bytes and its place in the upload limit. */
  expireAfterMs: number;
  /**
   * Given (S3 storage), a finished upload's bytes are put into this store before it is `ready`, so a worker on any
   * machine can read them (upload-files.ts); absent, they stay in the receiving node's uploads folder only.
   */
  keepIn?: BlobStore | undefined;
}

/** What the tus creation request carries that the server decides on. */
export interface CreationHeaders {
  uploadLength: string | undefined;
  uploadMetadata: string | undefined;
}

export type FinishOutcome =
  | { ok: true; row: UploadRow }
  | { ok: false; code: 'unsupported_video_format' | 'invalid_state_transition' | 'insufficient_storage' }
  | { ok: false; code: 'internal_error'; cause: unknown };

export function toUploadAnswer(row: UploadRow): VideoUploadAnswer {
  return {
    id: row.id,
    content_id: row.content_id,
    purpose: row.purpose as VideoUploadPurpose,
    status: row.status as VideoUploadAnswer['status'],
    size: Number(row.size),
    file_name: row.file_name,
    container: row.container,
    error_code: row.error_code,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * The use cases of resumable uploads; the tus protocol itself (offsets, bytes) is @tus/server's (tus.ts).
 *
 * For the exterior pipeline (next session): an upload is `requested` while its bytes arrive and `ready` once the
 * whole file is there and its first bytes are a video container; `ready(contentId, 'exterior')` lists them and
 * `claim(id)` moves one to `preparing` (once: a second claim answers undefined), after which the pipeline owns the
 * file at `UploadFiles.pathOf(id)` and moves the row on (`processing`, then `complete` or `error`).
 */
/** The SHA-256 (hex) of a file, read as a stream. */
async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function uploadsService(deps: UploadsServiceDeps) {
  const { db } = deps;
  const maxBytes = deps.maxBytes ?? EXTERIOR_VIDEO_MAX_BYTES;
  const repo = uploadsRepo(db);

  function creationFields(headers: CreationHeaders) {
    const length = parseFields(uploadLengthSchema, headers.uploadLength);
    if (!length.ok) {
      throw new AppError('validation_failed', { fields: length.fields.map((f) => ({ ...f, field: 'upload_length' })) });
    }
    const pairs = parseUploadMetadata(headers.uploadMetadata);
    if (isFieldError(pairs)) throw new AppError('validation_failed', { fields: [pairs] });
    const metadata = parseFields(videoUploadMetadata, pairs);
    if (!metadata.ok) throw new AppError('validation_failed', { fields: metadata.fields });
    // Refused before a byte is sent: the declared size is what the upload may hold.
    if (length.data > maxBytes) throw new AppError('file_too_large', { params: { max_bytes: maxBytes } });
    return { size: length.data, ...metadata.data };
  }

  return {
    maxBytes,

    /**
     * Checks a tus creation and records the upload as `requested`; answers the id tus names the file with. The
     * vehicle is locked meanwhile, so two creations at once cannot both take its last place.
     */
    async create(actor: Actor, headers: CreationHeaders): Promise<string> {
      const wanted = creationFields(headers);
      const caller = await loadCaller(db, actor);
      return db.transaction().execute(async (trx) => {
        const content = await lockVisible(trx, caller, wanted.content_id);
        if (content.publication === 'deleted') {
          throw new AppError('invalid_state_transition', { params: { reason: 'restore_first' } });
        }
        if (UNEDITABLE_LISTING_LINKS.includes(content.listing_link)) {
          throw new AppError('content_linked', { params: { listing_link: content.listing_link } });
        }
        await contentLocks(trx).assertUnlocked(content.id, 'EXTERIOR.UPLOAD');
        // The vehicle's domain decides, also when master uploads for it.
        const limit = readDomainOptions(content.domain_options).exterior_upload_limit;
        const taken = await uploadsRepo(trx).countUnfinished(content.id, wanted.purpose, deps.expireAfterMs);
        if (taken >= limit) throw new AppError('upload_over_limit', { params: { limit } });
        const id = randomBytes(16).toString('hex');
        await uploadsRepo(trx).insert({
          id,
          contentId: content.id,
          userId: actor.userId,
          purpose: wanted.purpose,
          size: wanted.size,
          fileName: wanted.filename ?? null,
        });
        return id;
      });
    },

    /** Forgets a recorded creation that tus then refused, so it takes no place in the limit. */
    creationFailed: (id: string) => repo.remove(id),

    /**
     * An upload of the caller's own on a vehicle they still see; `not_found` otherwise (another user's upload, or
     * another tenant's, is indistinguishable from none).
     */
    async own(actor: Actor, id: string): Promise<UploadRow> {
      const row = await repo.find(id);
      if (!row || row.user_id !== actor.userId) throw new AppError('not_found');
      const caller = await loadCaller(db, actor);
      await db.transaction().execute((trx) => lockVisible(trx, caller, row.content_id));
      return row;
    },

    /**
     * The whole file is there: `ready` when its first bytes are a video container the spec accepts (and, with
     * `keepIn`, its bytes are in the blob store), else `error` and the caller deletes the bytes (and the blob).
     */
    async finish(id: string, filePath: string): Promise<FinishOutcome> {
      const container = await videoContainerOf(filePath);
      if (container === undefined) {
        await repo.move(id, ['requested'], 'error', { errorCode: 'unsupported_video_format' });
        return { ok: false, code: 'unsupported_video_format' };
      }
      let sha256: string;
      try {
        // Before `ready`: a worker elsewhere may take a ready upload at once, and must find its bytes. The hash
        // (what names a second upload of the same file) reads them while the copy does: no wait of its own.
        const keeping = deps.keepIn ? keepUploadInStore(deps.keepIn, id, filePath) : undefined;
        [sha256] = await Promise.all([sha256Of(filePath), keeping]);
      } catch (error) {
        // The client holds a complete upload (tus will not take its last bytes again): an `error` the dealer sees
        // beats a `requested` upload that never moves on. A full store is named as such: the operator's to fix.
        if (isDiskFull(error)) {
          await repo.move(id, ['requested'], 'error', { errorCode: 'insufficient_storage' });
          return { ok: false, code: 'insufficient_storage' };
        }
        await repo.move(id, ['requested'], 'error', { errorCode: 'internal_error' });
        return { ok: false, code: 'internal_error', cause: error };
      }
      const row = await repo.move(id, ['requested'], 'ready', { container, sha256 });
      // Cancelled while its last bytes arrived: the cancel stands and the bytes go.
      if (!row) return { ok: false, code: 'invalid_state_transition' };
      return { ok: true, row };
    },

    /** Earlier uploads of the same bytes on the tenant's vehicles (uploads/repo.ts `sameBytes`). */
    sameBytes: (domainId: string, sha256: string, exceptId: string | undefined, limit: number) =>
      sameBytesUploads(db, domainId, sha256, exceptId, limit),

    /** A cancel (tus DELETE) is allowed until the pipeline has taken the file. */
    async assertCancelable(row: UploadRow): Promise<void> {
      if (row.status !== 'requested' && row.status !== 'ready') {
        throw new AppError('invalid_state_transition', { params: { status: row.status } });
      }
    },

    canceled: (id: string) => repo.move(id, ['requested', 'ready'], 'canceled'),

    ready: (contentId: string, purpose: VideoUploadPurpose) => repo.ready(contentId, purpose),

    /**
     * What the exterior answer shows of uploads: the user's unfinished ones on the vehicle (the caller has already
     * been found to see it) and those refused within the expiry, as answered.
     */
    async unfinishedOf(userId: string, contentId: string, purpose: VideoUploadPurpose): Promise<VideoUploadAnswer[]> {
      return (await repo.unfinishedOf(contentId, userId, purpose, deps.expireAfterMs)).map(toUploadAnswer);
    },

    /** Uploads of the vehicle that take a place in its upload limit now (any user's). */
    countUnfinished: (contentId: string, purpose: VideoUploadPurpose) =>
      repo.countUnfinished(contentId, purpose, deps.expireAfterMs),

    claim: (id: string) => repo.move(id, ['ready'], 'preparing'),

    /** An upload of the caller's or anyone's, by id (the pipeline's job reloads what its process names). */
    find: (id: string) => repo.find(id),

    /** The pipeline has started on the file (again, on a retry). */
    processing: (id: string) => repo.move(id, ['preparing', 'processing'], 'processing'),

    /** The pipeline made the spin from it; call in the transaction that records the frames. */
    complete: (id: string) => repo.move(id, ['preparing', 'processing'], 'complete'),

    /** The pipeline refused or could not read the file (`errorCode` from the catalogue); its bytes are gone. */
    failed: (id: string, errorCode: string) =>
      repo.move(id, ['ready', 'preparing', 'processing'], 'error', { errorCode }),
  };
}

export type UploadsService = ReturnType<typeof uploadsService>;
