import type { AppModule } from '../context.ts';
import { moviesJobs } from './jobs.ts';
import { registerMovieRoutes } from './routes.ts';

/** Content videos: the wizard's settings and opening image, the promo, spin and interior movies and their renders. */
export const moviesModule: AppModule = {
  name: 'movies',
  contentApi: registerMovieRoutes,
  jobs: moviesJobs,
};
