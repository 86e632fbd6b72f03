import type { FastifyInstance } from 'fastify';
import { firstPaymentHolds } from '../auth/first-payment-hold.ts';
import { sendActivationMail } from '../auth/index.ts';
import { billingDepsOf } from '../billing/index.ts';
import { firstPayment, signupPurchase } from '../billing/signup.ts';
import type { AppModule, ModuleContext } from '../context.ts';
import { csvRoutes } from './csv-routes.ts';
import { csvService } from './csv-service.ts';
import { firstPaymentService } from './first-payment-service.ts';
import { groupsRoutes } from './groups-routes.ts';
import { groupsService } from './groups-service.ts';
import { usersJobs } from './jobs.ts';
import { usersPublicRoutes, usersRoutes } from './routes.ts';
import { usersService } from './service.ts';
import { settingsRoutes } from './settings-routes.ts';
import { settingsService } from './settings-service.ts';
import { usergroupsRoutes } from './usergroups-routes.ts';
import { usergroupsService } from './usergroups-service.ts';

function firstPaymentOf(ctx: ModuleContext) {
  return firstPaymentService({ db: ctx.db, holds: firstPaymentHolds(ctx), payment: firstPayment(billingDepsOf(ctx)) });
}

function buildUsers(scope: FastifyInstance, ctx: ModuleContext) {
  return usersService({
    db: ctx.db,
    // The sign-in area's activation mail (one-time token, /user/activation/{token}).
    sendActivation: (userId, origin) => sendActivationMail(ctx, userId, origin),
    log: (msg, fields) => scope.log.warn(fields, msg),
    purchase: signupPurchase(billingDepsOf(ctx)),
    holds: firstPaymentHolds(ctx),
    releaseAbandoned: firstPaymentOf(ctx).releaseAbandoned,
  });
}

/** Users, super users, privilege changes, groups, user CSV, image-system user, user configuration, app management. */
export const usersModule: AppModule = {
  name: 'users',
  async public(scope, ctx) {
    await scope.register(usersPublicRoutes, {
      users: buildUsers(scope, ctx),
      firstPayment: firstPaymentOf(ctx),
    });
  },
  async signedIn(scope, ctx) {
    await scope.register(usersRoutes, { users: buildUsers(scope, ctx) });
    await scope.register(groupsRoutes, { groups: groupsService({ db: ctx.db }) });
    await scope.register(csvRoutes, { csv: csvService({ db: ctx.db }) });
    await scope.register(settingsRoutes, { settings: settingsService({ db: ctx.db }) });
  },
  async contentApi(scope, ctx) {
    await scope.register(usergroupsRoutes, { usergroups: usergroupsService({ db: ctx.db }) });
  },
  jobs: (ctx) => usersJobs(ctx),
};
