import {
  MEETING_DOCUMENT_MAX_BYTES_DEFAULT,
  MEETING_DOCUMENTS_MAX_DEFAULT,
  type MeetingDocumentAnswer,
  type MeetingDocumentKind,
} from '@spinyard/domain';
import { fileTypeFromFile } from 'file-type';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { ReceivedFile } from '../../http/multipart-file.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { putContentAddressedFile } from '../../platform/storage/content-addressed.ts';
import type { Actor } from '../auth/service.ts';
import { documentAnswer } from './answers.ts';
import { type DocumentRow, documentsRepo } from './documents-repo.ts';
import { meetingsRepo } from './repo.ts';
import { meetingCaller, requireEditable } from './rules.ts';

/** How many documents a meeting takes and how large each may be (configuration; the spec leaves the values open). */
export interface DocumentLimits {
  count: number;
  bytes: number;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  count: MEETING_DOCUMENTS_MAX_DEFAULT,
  bytes: MEETING_DOCUMENT_MAX_BYTES_DEFAULT,
};

const TYPES: Record<string, { contentType: string; ext: string; image: boolean }> = {
  pdf: { contentType: 'application/pdf', ext: 'pdf', image: false },
  jpg: { contentType: 'image/jpeg', ext: 'jpg', image: true },
  png: { contentType: 'image/png', ext: 'png', image: true },
};

const overLimit = (rule: string, message: string) =>
  new AppError('web_negotiation_documents_over_limit', { fields: [fieldError('file', rule, message)] });

/** A file too large for the request's limit is the meeting's "documents by size" rule, naming the file. */
export async function withinDocumentSize<T>(limits: DocumentLimits, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'file_too_large') {
      throw overLimit('max_size', `A document is at most ${Math.round(limits.bytes / 1024 / 1024)} MB.`);
    }
    throw error;
  }
}

/** The kind of a file judged by its first bytes, never by its name: PDF, JPEG or PNG. */
export async function documentType(file: ReceivedFile, imageOnly: boolean) {
  const found = await fileTypeFromFile(file.path);
  const type = found ? TYPES[found.ext] : undefined;
  if (!type || (imageOnly && !type.image)) {
    const allowed = imageOnly ? 'a JPEG or PNG picture' : 'a PDF, JPEG or PNG file';
    throw new AppError('validation_failed', { fields: [fieldError('file', 'format', `Use ${allowed}.`)] });
  }
  return type;
}

/** Drops a blob no row points at any more (the same bytes may be another meeting's document too). */
export async function dropBlob(db: Db, store: BlobStore, key: string): Promise<void> {
  if (!(await documentsRepo(db).keyInUse(key))) await store.delete(key);
}

/**
 * A meeting's documents (price sheets, the business card): stored in the blob store under the tenant, counted and
 * sized by configuration, judged by content; read by the tenant's users who see the meeting here, and by its
 * participants through their link (meeting-api.ts). The file is stored before its row and dropped if the row fails.
 */
export function meetingDocumentsService(deps: { db: Db; store: BlobStore; limits: DocumentLimits }) {
  return {
    async upload(actor: Actor, meetingId: string, kind: MeetingDocumentKind, file: ReceivedFile) {
      const { scope } = await meetingCaller(deps.db, actor);
      const type = await documentType(file, kind === 'business_card');
      const put = await putContentAddressedFile(deps.store, `web-negotiation/${actor.domainId}`, file.path, type.ext, {
        contentType: type.contentType,
      });
      try {
        return await deps.db.transaction().execute(async (trx): Promise<MeetingDocumentAnswer> => {
          const meeting = await meetingsRepo(trx).visible(scope, meetingId, true);
          if (!meeting) throw new AppError('not_found');
          requireEditable(meeting, new Date());
          const docs = documentsRepo(trx);
          const existing = await docs.of(meetingId);
          if (existing.length >= deps.limits.count) {
            throw overLimit('max_items', `A meeting takes at most ${deps.limits.count} documents.`);
          }
          if (kind === 'business_card' && existing.some((d) => d.kind === 'business_card')) {
            throw overLimit('max_items', 'Only one business card image may be uploaded.');
          }
          const row = await docs.insert({
            negotiation_id: meetingId,
            kind,
            file_name: file.fileName.slice(0, 200),
            content_type: type.contentType,
            file_key: put.key,
            bytes: put.size,
            uploaded_by: actor.userId,
          });
          return documentAnswer(row);
        });
      } catch (error) {
        await dropBlob(deps.db, deps.store, put.key);
        throw error;
      }
    },

    async remove(actor: Actor, meetingId: string, documentId: string): Promise<void> {
      const { scope } = await meetingCaller(deps.db, actor);
      const removed = await deps.db.transaction().execute(async (trx) => {
        const meeting = await meetingsRepo(trx).visible(scope, meetingId, true);
        if (!meeting) throw new AppError('not_found');
        requireEditable(meeting, new Date());
        return documentsRepo(trx).remove(meetingId, documentId);
      });
      if (!removed) throw new AppError('not_found');
      await dropBlob(deps.db, deps.store, removed.file_key);
    },

    /** A document for a user of the tenant who sees the meeting. */
    async open(actor: Actor, meetingId: string, documentId: string) {
      const { scope } = await meetingCaller(deps.db, actor);
      if (!(await meetingsRepo(deps.db).visible(scope, meetingId))) throw new AppError('not_found');
      return openDocument(deps, await documentsRepo(deps.db).one(meetingId, documentId));
    },
  };
}

export async function openDocument(deps: { store: BlobStore }, row: DocumentRow | undefined) {
  if (!row) throw new AppError('not_found');
  const blob = await deps.store.get(row.file_key);
  if (!blob) throw new AppError('not_found');
  return { row, ...blob };
}
