import type { AppModule } from '../context.ts';
import { tenancyRepo } from './repo.ts';
import { tenancyPublicRoutes } from './routes.ts';
import { tenancyService } from './service.ts';

export const tenancyModule: AppModule = {
  name: 'tenancy',
  async public(scope, ctx) {
    await scope.register(tenancyPublicRoutes, { tenancy: tenancyService({ repo: tenancyRepo(ctx.db) }) });
  },
};
