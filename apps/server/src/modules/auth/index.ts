import type { AppModule } from '../context.ts';
import { authJobs } from './jobs.ts';
import { recoveryRoutes } from './recovery-routes.ts';
import { recoveryService } from './recovery-service.ts';
import { authRoutes } from './routes.ts';
import { signInService } from './sign-in-service.ts';

export { sendActivationMail } from './recovery-service.ts';

export const authModule: AppModule = {
  name: 'auth',
  async public(scope, ctx) {
    const signIn = signInService({
      db: ctx.db,
      auth: ctx.auth,
      mail: ctx.mail,
      sms: ctx.sms,
      productHost: ctx.productHost,
      log: (msg, fields) => scope.log.warn(fields, msg),
    });
    await scope.register(authRoutes, { auth: ctx.auth, signIn });
    await scope.register(recoveryRoutes, { recovery: recoveryService(ctx) });
  },
  jobs: (ctx) => authJobs(ctx),
};
