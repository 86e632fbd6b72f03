import type { AppModule } from '../context.ts';
import { publishingJobs } from './jobs.ts';
import { registerPublicRoutes, registerShortUrlRoutes } from './routes.ts';

/**
 * Publishing (issue 10): the dealer's build of a vehicle's immutable manifest and its short URL, and the viewer's
 * public read of it behind the publication state and the limited publication's password.
 */
export const publishingModule: AppModule = {
  name: 'publishing',
  public: registerPublicRoutes,
  contentApi: registerShortUrlRoutes,
  jobs: publishingJobs,
};
