import type { AppModule } from '../context.ts';
import { authRoutes } from './routes.ts';

export const authModule: AppModule = {
  name: 'auth',
  async public(scope, ctx) {
    await scope.register(authRoutes, { auth: ctx.auth });
  },
};
