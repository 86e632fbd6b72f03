import type { AppModule } from '../context.ts';

/**
 * The exterior spin: walk-around videos become rows of frames (the `multiple` process, pipeline files and jobs.ts),
 * which the dealer reorders, trims, replaces and blurs (routes.ts, blur-*.ts); the original videos are kept as
 * backups for the domain's retention (backup-*.ts).
 */
export const exteriorModule: AppModule = {
  name: 'exterior',
};
