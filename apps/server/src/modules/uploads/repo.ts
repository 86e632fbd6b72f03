import type { UploadStatus, VideoUploadPurpose } from '@spinyard/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface UploadRow {
  id: string;
  content_id: string;
  user_id: string | null;
  purpose: string;
  status: string;
  size: string;
  file_name: string | null;
  container: string | null;
  error_code: string | null;
  sha256: string | null;
  created_at: Date;
  updated_at: Date;
}

/** An upload of the same bytes, with what decides who may be told of it: its vehicle's tenant and owners. */
export interface SameBytesUpload {
  id: string;
  content_id: string;
  file_name: string | null;
  created_at: Date;
  car_name: string;
  domain_id: string;
  owner_user_id: string;
  owner_parent_id: string | null;
  publication: string;
}

export interface NewUpload {
  id: string;
  contentId: string;
  userId: string;
  purpose: VideoUploadPurpose;
  size: number;
  fileName: string | null;
}

/** States in which an upload still takes a place of the vehicle's upload limit. */
const FINISHED: readonly UploadStatus[] = ['error', 'canceled', 'complete'];

/** SQL of `uploads`, the resumable uploads and their states. */
export function uploadsRepo(db: Db) {
  return {
    async insert(values: NewUpload): Promise<void> {
      await db
        .insertInto('uploads')
        .values({
          id: values.id,
          content_id: values.contentId,
          user_id: values.userId,
          purpose: values.purpose,
          size: values.size,
          file_name: values.fileName,
        })
        .execute();
    },

    /** The database's clock: upload rows are stamped by it, so a session's start is taken from it too. */
    async clock(): Promise<Date> {
      const row = await sql<{ now: Date }>`SELECT now() AS now`.execute(db);
      return (row.rows[0] as { now: Date }).now;
    },

    /** The user's uploads on the vehicle created at or after `since`, oldest first (an upload session's). */
    async createdSince(contentId: string, userId: string, since: Date): Promise<UploadRow[]> {
      const mine = db
        .selectFrom('uploads')
        .selectAll()
        .where((eb) => eb.and({ content_id: contentId, user_id: userId }));
      return mine.where('created_at', '>=', since).orderBy('created_at').execute();
    },

    async find(id: string): Promise<UploadRow | undefined> {
      return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * The vehicle's uploads of this purpose that still take a place: every one not finished, but a `requested`
     * one created longer than `expireAfterMs` ago (tus expires its bytes then, so it can no longer complete).
     */
    async countUnfinished(contentId: string, purpose: VideoUploadPurpose, expireAfterMs: number): Promise<number> {
      const row = await db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('content_id', '=', contentId)
        .where('purpose', '=', purpose)
        .where('status', 'not in', FINISHED)
        .where((eb) =>
          eb.or([
            eb('status', '!=', 'requested'),
            eb('created_at', '>', sql<Date>`now() - make_interval(secs => ${expireAfterMs / 1000})`),
          ]),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Moves an upload to a state (only from one of `from`, so two callers never both move it); the row after. */
    async move(
      id: string,
      from: readonly UploadStatus[],
      to: UploadStatus,
      facts: { container?: string | null; errorCode?: string | null; sha256?: string } = {},
    ): Promise<UploadRow | undefined> {
      return db
        .updateTable('uploads')
        .set({
          status: to,
          updated_at: sql<Date>`now()`,
          ...(facts.container !== undefined ? { container: facts.container } : {}),
          ...(facts.errorCode !== undefined ? { error_code: facts.errorCode } : {}),
          ...(facts.sha256 !== undefined ? { sha256: facts.sha256 } : {}),
        })
        .where('id', '=', id)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst();
    },

    /** Forgets an upload whose creation tus refused (nothing was stored for it). */
    async remove(id: string): Promise<void> {
      await db.deleteFrom('uploads').where('id', '=', id).where('status', '=', 'requested').execute();
    },

    /**
     * A user's uploads of this purpose on a vehicle that are not done with: those that take a place in the limit
     * (countUnfinished's rule) and those refused within `expireAfterMs` (so the dealer sees why), oldest first.
     */
    async unfinishedOf(
      contentId: string,
      userId: string,
      purpose: VideoUploadPurpose,
      expireAfterMs: number,
    ): Promise<UploadRow[]> {
      const since = sql<Date>`now() - make_interval(secs => ${expireAfterMs / 1000})`;
      return db
        .selectFrom('uploads')
        .selectAll()
        .where('content_id', '=', contentId)
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('status', 'not in', ['canceled', 'complete'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'requested'), eb('created_at', '>', since)]),
            eb.and([eb('status', '=', 'error'), eb('updated_at', '>', since)]),
            eb('status', 'not in', ['requested', 'error']),
          ]),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** Of these ids, those whose upload is done with (finished) or unknown: their files have no further use. */
    async doneAmong(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const open = await db
        .selectFrom('uploads')
        .select('id')
        .where('id', 'in', ids)
        .where('status', 'not in', FINISHED)
        .execute();
      const kept = new Set(open.map((r) => r.id));
      return ids.filter((id) => !kept.has(id));
    },

    /** The checked uploads of a vehicle waiting for their pipeline, oldest first. */
    async ready(contentId: string, purpose: VideoUploadPurpose): Promise<UploadRow[]> {
      return db
        .selectFrom('uploads')
        .selectAll()
        .where('content_id', '=', contentId)
        .where('purpose', '=', purpose)
        .where('status', '=', 'ready')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
  };
}

/**
 * The earliest uploads of these bytes on the tenant's vehicles (never another tenant's), first first, but
 * `exceptId` (the upload being asked about): the caller picks the first its user may see.
 */
export async function sameBytesUploads(
  db: Db,
  domainId: string,
  sha256: string,
  exceptId: string | undefined,
  limit: number,
): Promise<SameBytesUpload[]> {
  let q = db
    .selectFrom('uploads as u')
    .innerJoin('contents as c', 'c.id', 'u.content_id')
    .innerJoin('users as o', 'o.id', 'c.owner_user_id')
    .select(['u.id', 'u.content_id', 'u.file_name', 'u.created_at', 'c.car_name', 'c.domain_id'])
    .select(['c.owner_user_id', 'o.parent_user_id as owner_parent_id', 'c.publication'])
    .where('u.sha256', '=', sha256)
    .where('c.domain_id', '=', domainId);
  if (exceptId !== undefined) q = q.where('u.id', '!=', exceptId);
  return q.orderBy('u.created_at').orderBy('u.id').limit(limit).execute();
}
