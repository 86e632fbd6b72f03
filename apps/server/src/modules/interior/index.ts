import type { AppModule } from '../context.ts';
import { interiorJobs } from './jobs.ts';
import { registerInteriorRoutes } from './routes.ts';

/** Interior panoramas (scenes), their order, views and zoom points, and the image-quality tools. */
export const interiorModule: AppModule = {
  name: 'interior',
  contentApi: registerInteriorRoutes,
  jobs: interiorJobs,
};
