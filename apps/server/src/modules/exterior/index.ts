import type { AppModule } from '../context.ts';
import { registerBackupRoutes } from './backup-routes.ts';
import { registerBlurRoutes } from './blur-routes.ts';
import { registerDetectRoutes } from './detect-routes.ts';
import { registerExtraImagesRoutes } from './extra-images-proposal.ts';
import { exteriorJobs } from './jobs.ts';
import { registerPipelineRoutes } from './pipeline-routes.ts';
import { registerExteriorRoutes } from './routes.ts';
import { registerTrimRoutes } from './trim-routes.ts';

/**
 * The exterior spin: walk-around videos become rows of frames (the `multiple` process: pipeline files and jobs.ts),
 * which the dealer reorders, trims, replaces and blurs (routes.ts, blur-*.ts); the original videos are kept as
 * backups for the domain's retention (backup-*.ts).
 */
export const exteriorModule: AppModule = {
  name: 'exterior',
  async contentApi(scope, ctx) {
    await registerExteriorRoutes(scope, ctx);
    await registerPipelineRoutes(scope, ctx);
    await registerBlurRoutes(scope, ctx);
    await registerBackupRoutes(scope, ctx);
    await registerDetectRoutes(scope, ctx);
    await registerTrimRoutes(scope, ctx);
    await registerExtraImagesRoutes(scope, ctx);
  },
  jobs: exteriorJobs,
};
