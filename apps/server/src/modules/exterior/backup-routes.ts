import {
  exteriorMovieUrlAnswer,
  exteriorMovieUrlQuery,
  exteriorParams,
  movieBackupReportAnswer,
  movieBackupReportQuery,
  uploadedBeforeAnswer,
  uploadedBeforeQuery,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { type BackupService, backupService } from './backup-service.ts';

const routes: FastifyPluginAsyncZod<{ backups: BackupService }> = async (app, { backups }) => {
  areaRoutes(app, 'exterior').get('/exterior_movie_backup/report', {
    summary: 'Backups of the original exterior videos (master only): vehicle, company, domain, size, retention',
    description:
      'Newest first, one page at a time; narrowed to a domain (domain_id) or to kept or purged backups ' +
      '(state). kept_bytes sums the matching backups not yet purged. Anyone but master: 403 forbidden.',
    querystring: movieBackupReportQuery,
    answer: movieBackupReportAnswer,
    errors: [401, 403, 422],
    run: (actor, { query }) => backups.report(actor, query),
  });

  areaRoutes(app, 'exterior').get('/exteriormovie_url', {
    summary: "Signed, expiring URLs of the vehicle's kept original walk-around videos (the exterior movie backup)",
    description:
      'Newest first, for anyone who sees the vehicle; each URL loads the video (metadata stripped) until ' +
      'url_expires_at. 404 not_found (params.reason no_kept_movie) when nothing is kept: no spin was made from a ' +
      "video, or the domain's backup period is over; 404 for a vehicle the caller does not see.",
    querystring: exteriorMovieUrlQuery,
    answer: exteriorMovieUrlAnswer,
    errors: [401, 404, 422],
    run: (actor, { query }) => backups.movieUrls(actor, query.contentsID),
  });

  areaRoutes(app, 'exterior').get('/exterior/:content_id/uploaded_before', {
    summary: 'The first upload of a video of these bytes (its SHA-256) on a vehicle of this tenant, and when',
    description:
      'The console asks while a walk-around video goes up, to name a second upload of the same file on this ' +
      "vehicle or another one the caller sees (never another tenant's); except_upload leaves out its own upload.",
    params: exteriorParams,
    querystring: uploadedBeforeQuery,
    answer: uploadedBeforeAnswer,
    errors: [401, 404, 422],
    run: (actor, { params, query }) => backups.uploadedBefore(actor, params.content_id, query),
  });
};

/** `GET /exterior_movie_backup/report`, `/exteriormovie_url`, `/exterior/{id}/uploaded_before` (backup-service.ts). */
export async function registerBackupRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(routes, { backups: backupService({ db: ctx.db, store: ctx.store }) });
}
