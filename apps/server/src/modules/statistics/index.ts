import type { AppModule } from '../context.ts';
import { statisticsJobs } from './jobs.ts';
import { registerChartRoutes, registerEventRoutes } from './routes.ts';

/**
 * Statistics (issue 10, point 5): the public viewer's events (views, spins, interior and hotspot openings, bounded
 * per visitor without cookies or stored addresses), the dealers' chart of them with its CSV, and the nightly
 * deletion of past days' visitors and secrets.
 */
export const statisticsModule: AppModule = {
  name: 'statistics',
  public: registerEventRoutes,
  contentApi: registerChartRoutes,
  jobs: statisticsJobs,
};
