import type { AppModule } from '../context.ts';
import { registerHotspotRoutes } from './routes.ts';
import { hotspotJobs } from './video-job.ts';

/** Hotspots (annotations) on a vehicle's exterior rows and interior scenes, with their files. */
export const hotspotsModule: AppModule = {
  name: 'hotspots',
  contentApi: registerHotspotRoutes,
  jobs: hotspotJobs,
};
