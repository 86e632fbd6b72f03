import type { MovieBackupState } from '@spinyard/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MovieBackupsTable } from '../../db/schema.ts';
import { hasRow } from '../sql.ts';
import { partsOfVehicle } from '../vehicle-parts-repo.ts';

export type MovieBackupRow = Selectable<MovieBackupsTable>;

export interface NewMovieBackup {
  contentId: string;
  domainId: string;
  uploadId: string | null;
  blobKey: string;
  size: number;
  durationSeconds: number;
  fileName: string | null;
  /** Null: kept indefinitely. */
  expiresAt: Date | null;
}

/** A backup as the report lists it: with its vehicle, company and domain. */
export interface MovieBackupReportRow {
  id: string;
  content_id: string;
  management_id: string;
  car_name: string;
  maker: string;
  company_id: string | null;
  company_name: string | null;
  domain_id: string;
  domain_host: string;
  domain_name: string;
  file_name: string | null;
  size: string;
  duration_seconds: number;
  created_at: Date;
  expires_at: Date | null;
  purged_at: Date | null;
}

export interface MovieBackupFilter {
  domainId?: string | undefined;
  state?: MovieBackupState | undefined;
}

/** SQL of `movie_backups`: the original walk-around videos kept for the domain's retention. */
export function movieBackupRepo(db: Db) {
  const filtered = (filter: MovieBackupFilter) => {
    let q = db.selectFrom('movie_backups as b');
    if (filter.domainId !== undefined) q = q.where('b.domain_id', '=', filter.domainId);
    if (filter.state === 'kept') q = q.where('b.purged_at', 'is', null);
    if (filter.state === 'purged') q = q.where('b.purged_at', 'is not', null);
    return q;
  };

  return {
    async insert(values: NewMovieBackup): Promise<MovieBackupRow> {
      return db
        .insertInto('movie_backups')
        .values({
          content_id: values.contentId,
          domain_id: values.domainId,
          upload_id: values.uploadId,
          blob_key: values.blobKey,
          size: values.size,
          duration_seconds: values.durationSeconds,
          file_name: values.fileName,
          expires_at: values.expiresAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async ofContent(contentId: string): Promise<MovieBackupRow[]> {
      return partsOfVehicle(db, 'movie_backups', contentId, ['created_at', 'id']);
    },

    /** Backups whose retention ran out by `now` and whose file is still there, oldest first. */
    async expired(now: Date, limit: number): Promise<MovieBackupRow[]> {
      return db
        .selectFrom('movie_backups')
        .selectAll()
        .where('purged_at', 'is', null)
        .where('expires_at', 'is not', null)
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Whether any backup (not purged) keeps this blob. */
    async keeps(blobKey: string): Promise<boolean> {
      return hasRow(
        db.selectFrom('movie_backups').select('id').where('blob_key', '=', blobKey).where('purged_at', 'is', null),
      );
    },

    /** Other backups (not purged) that keep the same blob: a video uploaded twice is stored once. */
    async othersKeeping(blobKey: string, exceptId: string): Promise<number> {
      const row = await db
        .selectFrom('movie_backups')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('blob_key', '=', blobKey)
        .where('id', '!=', exceptId)
        .where('purged_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async markPurged(id: string, at: Date): Promise<void> {
      await db.updateTable('movie_backups').set({ purged_at: at }).where('id', '=', id).execute();
    },

    /** One page of the report, newest first, with the total and the bytes the matching backups still keep. */
    async report(
      filter: MovieBackupFilter,
      page: { limit: number; offset: number },
    ): Promise<{ rows: MovieBackupReportRow[]; total: number; keptBytes: number }> {
      const totals = await filtered(filter)
        .select((eb) => [
          eb.fn.countAll<string>().as('n'),
          eb.fn
            .sum<string | null>(eb.case().when('b.purged_at', 'is', null).then(eb.ref('b.size')).else(0).end())
            .as('kept'),
        ])
        .executeTakeFirstOrThrow();
      const rows = await filtered(filter)
        .innerJoin('contents as c', 'c.id', 'b.content_id')
        .innerJoin('domains as d', 'd.id', 'b.domain_id')
        .leftJoin('companies as co', 'co.id', 'c.company_id')
        .select([
          'b.id',
          'b.content_id',
          'c.management_id',
          'c.car_name',
          'c.maker',
          'c.company_id',
          'co.name as company_name',
          'b.domain_id',
          'd.host as domain_host',
          'd.service_name as domain_name',
          'b.file_name',
          'b.size',
          'b.duration_seconds',
          'b.created_at',
          'b.expires_at',
          'b.purged_at',
        ])
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows, total: Number(totals.n), keptBytes: Number(totals.kept ?? 0) };
    },
  };
}
