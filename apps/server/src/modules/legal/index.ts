import type { AppModule } from '../context.ts';
import { legalPublicRoutes, legalRoutes } from './routes.ts';
import { legalService } from './service.ts';

/** Legal texts: terms of service, privacy policy and personal-information notice per domain, and their acceptance. */
export const legalModule: AppModule = {
  name: 'legal',
  async public(scope, ctx) {
    await scope.register(legalPublicRoutes, { legal: legalService({ db: ctx.db, clock: ctx.clock }) });
  },
  async signedIn(scope, ctx) {
    await scope.register(legalRoutes, { legal: legalService({ db: ctx.db, clock: ctx.clock }) });
  },
};
