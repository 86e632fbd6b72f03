import { movieBackupReportAnswer, movieBackupReportQuery } from '@spinyard/domain';
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
};

/** `GET /exterior_movie_backup/report` (backup-service.ts). */
export async function registerBackupRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(routes, { backups: backupService({ db: ctx.db, store: ctx.store }) });
}
