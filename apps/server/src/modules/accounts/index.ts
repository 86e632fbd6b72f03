import type { AppModule } from '../context.ts';
import { accountsRoutes } from './routes.ts';
import { accountsService } from './service.ts';

export const accountsModule: AppModule = {
  name: 'accounts',
  async signedIn(scope, ctx) {
    await scope.register(accountsRoutes, { accounts: accountsService({ db: ctx.db, productHost: ctx.productHost }) });
  },
};
