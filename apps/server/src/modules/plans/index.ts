import type { AppModule } from '../context.ts';
import { plansPublicRoutes, plansRoutes } from './routes.ts';
import { plansService } from './service.ts';

/** Plans (issue 19, point 1): the master's plan master and the public list /user/plan offers. */
export const plansModule: AppModule = {
  name: 'plans',
  async public(scope, ctx) {
    await scope.register(plansPublicRoutes, { plans: plansService({ db: ctx.db, clock: ctx.clock }) });
  },
  async signedIn(scope, ctx) {
    await scope.register(plansRoutes, { plans: plansService({ db: ctx.db, clock: ctx.clock }) });
  },
};
