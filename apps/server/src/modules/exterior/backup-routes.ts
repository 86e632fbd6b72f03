import {
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

/** `GET /exterior_movie_backup/report` (backup-service.ts). */
export async function registerBackupRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(routes, { backups: backupService({ db: ctx.db, store: ctx.store }) });
}
