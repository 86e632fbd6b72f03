import type { AppModule } from '../context.ts';
import { registerCsvRoutes } from './csv-routes.ts';
import { contentsJobs } from './jobs.ts';
import { registerListRoutes } from './list-routes.ts';
import { registerProcessRoutes } from './process-routes.ts';
import { registerReportRoutes } from './report-routes.ts';
import { registerContentRoutes } from './routes.ts';

/**
 * Vehicles ("contents"): the content API under /api/browser/v0 (the content token), the queries of their background
 * processes (modules/processes runs them), transfer and copy, the list and its CSV, and the CSV edit. Each routes
 * file builds the services it needs.
 */
export const contentsModule: AppModule = {
  name: 'contents',
  async contentApi(scope, ctx) {
    await registerContentRoutes(scope, ctx);
    await registerListRoutes(scope, ctx);
    await registerProcessRoutes(scope, ctx);
    await registerCsvRoutes(scope, ctx);
    await registerReportRoutes(scope, ctx);
  },
  jobs: contentsJobs,
};
