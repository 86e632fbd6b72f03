import { contentsServiceAnswer, paymentStatusAnswer, profileAnswer } from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorRoutes } from '../../http/actor-routes.ts';
import type { AccountsService } from './service.ts';

/** Routes that need a signed-in user; the scope they are registered in checks the access token. */
export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  const route = actorRoutes(app, ['accounts']);

  route.get('/v1/profile', {
    summary: 'The signed-in user with privilege type, domain and company',
    answer: profileAnswer,
    errors: [401],
    run: (actor) => accounts.profile(actor),
  });

  route.get('/v1/payment-status', {
    summary: 'Whether the account is paid up (false sends the console to the payment-failure page)',
    answer: paymentStatusAnswer,
    errors: [401],
    run: (actor) => accounts.paymentStatus(actor),
  });

  route.get('/v1/contents-service', {
    summary: 'Service settings of the signed-in user',
    answer: contentsServiceAnswer,
    errors: [401],
    run: (actor) => accounts.contentsService(actor),
  });
};
