import type { AppModule } from '../context.ts';
import { audioLibraryJobs } from './jobs.ts';
import { registerAudioLibraryRoutes } from './routes.ts';

/**
 * The audio library (issue 20 point 3): background music for content videos, the product's own tracks (composed and
 * rendered on this machine on first use) and each domain's uploads, searched by title, genre, mood and tempo.
 */
export const audioLibraryModule: AppModule = {
  name: 'audio-library',
  contentApi: registerAudioLibraryRoutes,
  jobs: audioLibraryJobs,
};
