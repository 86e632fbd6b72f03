import { sendActivationMail } from '../auth/index.ts';
import type { AppModule } from '../context.ts';
import { domainPurgeJob } from './jobs.ts';
import { tenancyPublicRoutes, tenancyRoutes } from './routes.ts';
import { tenancyService } from './service.ts';
import { subdomainRoutes } from './subdomain-routes.ts';
import { subdomainService } from './subdomain-service.ts';

export const tenancyModule: AppModule = {
  name: 'tenancy',
  async public(scope, ctx) {
    await scope.register(tenancyPublicRoutes, {
      tenancy: tenancyService({ db: ctx.db, store: ctx.store, media: ctx.media }),
    });
  },
  async signedIn(scope, ctx) {
    const tenancy = tenancyService({
      db: ctx.db,
      store: ctx.store,
      media: ctx.media,
      // The sign-in area owns activation links: one token format, one mail, one redeeming route.
      sendActivation: (userId, requestOrigin) => sendActivationMail(ctx, userId, requestOrigin),
      log: (msg, fields) => scope.log.warn(fields, msg),
    });
    await scope.register(tenancyRoutes, { tenancy });
  },
  async contentApi(scope, ctx) {
    await scope.register(subdomainRoutes, { subdomain: subdomainService({ db: ctx.db }) });
  },
  jobs: (ctx) => ({
    definitions: [domainPurgeJob],
    handlers: { [domainPurgeJob.name]: domainPurgeJob.handlerFor(ctx) },
  }),
};
