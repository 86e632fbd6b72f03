import {
  canSeeContent,
  type ExteriorMovieUrlAnswer,
  type MovieBackupReportAnswer,
  type MovieBackupReportQuery,
  type UploadedBeforeAnswer,
  type UploadedBeforeQuery,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { defineJob, type JobHandler } from '../../platform/jobs/queue-registry.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { signedExpiry } from '../../platform/storage/signed-urls.ts';
import { loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { visibleForMedia } from '../contents/media-access.ts';
import type { JobsContext, ModuleJobs } from '../context.ts';
import { uploadsService } from '../uploads/service.ts';
import { mediaUrlOf } from '../vehicle-media/media-urls.ts';
import { type MovieBackupReportRow, movieBackupRepo } from './backup-repo.ts';

/**
 * Backups of the original walk-around videos (the pipeline records one per video it turns into a spin): the
 * daily purge of those past the domain's retention, and the master's report (`GET /exterior_movie_backup/report`,
 * the console's `/statistic/movie-backup-exteriors`).
 */

/** Every day at 03:30 in Japan's time zone (the service's), on one node: backups past their retention. */
export const purgeMovieBackupsJob = defineJob<Record<string, never>>('exterior.purge-movie-backups', {
  retryLimit: 2,
  expireInSeconds: 30 * 60,
  schedule: { cron: '30 3 * * *', tz: 'Asia/Tokyo', payload: {} },
});

/** Earlier uploads of the same bytes looked at for one the caller sees (the earliest first). */
const SAME_BYTES_LOOKED_AT = 20;
/** A deleted vehicle is not named: the dealer could not open it. */
const GONE = new Set(['deleted', 'permanently_deleted']);

/** Backups purged per batch (each batch reads, deletes its blobs, then marks its rows). */
const PURGE_BATCH = 100;

export interface BackupServiceDeps {
  db: Db;
  store: BlobStore;
  now?: () => Date;
}

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

function toAnswer(row: MovieBackupReportRow): MovieBackupReportAnswer['items'][number] {
  return {
    id: row.id,
    content_id: row.content_id,
    management_id: row.management_id,
    car_name: row.car_name,
    maker: row.maker,
    company_id: row.company_id,
    company_name: row.company_name,
    domain_id: row.domain_id,
    domain_host: row.domain_host,
    domain_name: row.domain_name,
    file_name: row.file_name,
    size: Number(row.size),
    duration_seconds: row.duration_seconds,
    created_at: row.created_at.toISOString(),
    expires_at: iso(row.expires_at),
    purged_at: iso(row.purged_at),
    state: row.purged_at === null ? 'kept' : 'purged',
  };
}

export function backupService(deps: BackupServiceDeps) {
  const { db, store } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Deletes the videos of backups whose retention ran out and marks them purged, oldest first. A blob another
     * kept backup shares (the same video uploaded twice) stays until that one goes too. A retry finds what is
     * left: a blob deleted before its row was marked is deleted again harmlessly.
     */
    async purgeExpired(): Promise<{ purged: number }> {
      let purged = 0;
      for (;;) {
        const at = now();
        const batch = await movieBackupRepo(db).expired(at, PURGE_BATCH);
        if (batch.length === 0) return { purged };
        for (const backup of batch) {
          const shared = await movieBackupRepo(db).othersKeeping(backup.blob_key, backup.id);
          if (shared === 0) await store.delete(backup.blob_key);
          await movieBackupRepo(db).markPurged(backup.id, at);
          purged += 1;
        }
      }
    },

    /**
     * The first upload of these bytes (their SHA-256, recorded when an upload is whole) on a vehicle of this one's
     * tenant that the caller sees: the console names a second upload of the same video, on this vehicle or another,
     * with the first's vehicle and date. Another tenant's upload is never named; another tenant's vehicle asked
     * about is not_found. Deleted vehicles are not named (the dealer could not open them).
     */
    async uploadedBefore(actor: Actor, contentId: string, query: UploadedBeforeQuery): Promise<UploadedBeforeAnswer> {
      const caller = await loadCaller(db, actor);
      const vehicle = await visibleForMedia(db, actor, contentId);
      const candidates = await uploadsService({ db, expireAfterMs: 0 }).sameBytes(
        vehicle.domain_id,
        query.sha256,
        query.except_upload,
        SAME_BYTES_LOOKED_AT,
      );
      const first = candidates.find(
        (u) =>
          !GONE.has(u.publication) &&
          canSeeContent(caller.permission, {
            domainId: u.domain_id,
            ownerId: u.owner_user_id,
            ownerParentId: u.owner_parent_id,
          }).ok,
      );
      if (!first) return { uploaded_at: null, file_name: null, content_id: null, car_name: null };
      return {
        uploaded_at: first.created_at.toISOString(),
        file_name: first.file_name,
        content_id: first.content_id,
        car_name: first.car_name,
      };
    },

    /**
     * `GET /exteriormovie_url`: the vehicle's kept original videos with signed, expiring URLs (the download of the
     * exterior panel). Anyone who sees the vehicle may ask, as for its frames; another tenant's vehicle and a
     * vehicle with nothing kept (never made from a video, or past the retention) are not_found.
     */
    async movieUrls(actor: Actor, contentId: string): Promise<ExteriorMovieUrlAnswer> {
      await visibleForMedia(db, actor, contentId);
      // Newest first: the last spin's videos lead.
      const kept = (await movieBackupRepo(db).ofContent(contentId)).filter((row) => row.purged_at === null).reverse();
      if (kept.length === 0) throw new AppError('not_found', { params: { reason: 'no_kept_movie' } });
      const at = now().getTime();
      return {
        content_id: contentId,
        url_expires_at: new Date(signedExpiry(at) * 1000).toISOString(),
        movies: kept.map((row) => ({
          id: row.id,
          file_name: row.file_name,
          size: Number(row.size),
          duration_seconds: row.duration_seconds,
          created_at: row.created_at.toISOString(),
          expires_at: iso(row.expires_at),
          url: mediaUrlOf(row.blob_key, at),
        })),
      };
    },

    /** The report, master only (every domain's backups, or one domain's); anyone else is refused (403). */
    async report(actor: Actor, query: MovieBackupReportQuery): Promise<MovieBackupReportAnswer> {
      const caller = await loadCaller(db, actor);
      if (caller.permission.privilegeType !== 'master') throw new AppError('forbidden');
      const { rows, total, keptBytes } = await movieBackupRepo(db).report(
        { domainId: query.domain_id, state: query.state },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { items: rows.map(toAnswer), total, page: query.page, limit: query.limit, kept_bytes: keptBytes };
    },
  };
}

export type BackupService = ReturnType<typeof backupService>;

/** The purge as a job (jobs.ts lists it with the area's other jobs). */
export function backupJobs(ctx: JobsContext, options: { now?: () => Date } = {}): Required<ModuleJobs> {
  const service = backupService({ db: ctx.db, store: ctx.store, ...(options.now ? { now: options.now } : {}) });
  const purge: JobHandler<Record<string, never>> = async () => {
    const { purged } = await service.purgeExpired();
    if (purged === 0) return 'skipped';
    ctx.log('Exterior movie backups purged', { purged });
    return 'success';
  };
  return {
    definitions: [purgeMovieBackupsJob],
    handlers: { [purgeMovieBackupsJob.name]: purge },
    processJobs: {},
  };
}
