import type { FieldError } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Media } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import type { StagedBlob } from './blobs.ts';

/**
 * Mails the activation link of a new `approval_pending` user (the sign-in area's `sendActivationMail`). Takes the
 * request's Origin header, which the sender trusts only for the user's own host or the public URL. Answers whether
 * a mail went out.
 */
export type SendActivation = (userId: string, requestOrigin: string | undefined) => Promise<boolean>;

export interface TenancyServiceDeps {
  db: Db;
  store: BlobStore;
  /** Image checks and re-encoding; absent where no picture is handled (the lookup and the nightly job). */
  media?: Media;
  /** Absent where nothing registers users (the public company-code lookup, the nightly job). */
  sendActivation?: SendActivation;
  now?: () => Date;
  /** Failures after a commit that the caller cannot act on (a leftover file); the answer still succeeds. */
  log?: (msg: string, fields: Record<string, unknown>) => void;
}

export interface Paging {
  page: number;
  limit: number;
}

export function offsetOf(paging: Paging): number {
  return (paging.page - 1) * paging.limit;
}

export function iso(date: Date): string;
export function iso(date: Date | null): string | null;
export function iso(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

/**
 * The catalogue code for refused picture facts. The type decides first (size and pixels of something that is
 * not an accepted picture mean nothing), then the byte size, then the pixel size; every broken rule is listed.
 */
export function imageRefusal(fields: FieldError[]): AppError {
  const rules = new Set(fields.map((f) => f.rule));
  const code = rules.has('format')
    ? 'unsupported_image_format'
    : rules.has('max_size')
      ? 'file_too_large'
      : rules.has('exact_dimensions') || rules.has('max_dimensions')
        ? 'image_dimensions_invalid'
        : 'validation_failed';
  return new AppError(code, { fields });
}

/** How use cases that publish files keep files and rows in step. */
export function fileKeeping(store: BlobStore, log: NonNullable<TenancyServiceDeps['log']>) {
  return {
    /** Deletes files no row points to any more; a failure leaves an orphan file, never a broken row. */
    async removeBlobs(keys: readonly string[]): Promise<void> {
      for (const key of keys) {
        try {
          await store.delete(key);
        } catch (error) {
          log('Could not delete a file no row points to', { key, error: String(error) });
        }
      }
    },

    /** Runs a use case that writes files before its rows; the files are put back if it fails. */
    async withStagedFiles<T>(work: (stage: (blob: StagedBlob) => void) => Promise<T>): Promise<T> {
      const staged: StagedBlob[] = [];
      try {
        return await work((blob) => staged.push(blob));
      } catch (error) {
        for (const blob of staged.reverse()) {
          try {
            await blob.rollback();
          } catch (cleanup) {
            log('Could not restore a file after a failed change', { key: blob.key, error: String(cleanup) });
          }
        }
        throw error;
      }
    },
  };
}

/** The media adapter of the deps (every route scope passes the module context's). */
export function mediaOf(deps: TenancyServiceDeps): Media {
  if (!deps.media) throw new Error('The tenancy services need the media adapter (ModuleContext.media).');
  return deps.media;
}
