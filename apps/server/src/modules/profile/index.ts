import type { AppModule } from '../context.ts';
import { profilePublicRoutes, profileRoutes } from './routes.ts';
import { profileService } from './service.ts';

export const profileModule: AppModule = {
  name: 'profile',
  async public(scope, ctx) {
    await scope.register(profilePublicRoutes, { profile: profileService(ctx) });
  },
  async signedIn(scope, ctx) {
    await scope.register(profileRoutes, { profile: profileService(ctx) });
  },
};
