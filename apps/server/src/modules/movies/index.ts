import type { AppModule } from '../context.ts';
import { moviesJobs } from './jobs.ts';
import { contentsMovieLinkRoutes, registerMovieRoutes } from './routes.ts';

/** Content videos: the wizard's settings and opening image, the promo, spin and interior movies and their renders. */
export const moviesModule: AppModule = {
  name: 'movies',
  async public(scope, ctx) {
    await scope.register(contentsMovieLinkRoutes, { db: ctx.db });
  },
  contentApi: registerMovieRoutes,
  jobs: moviesJobs,
};
