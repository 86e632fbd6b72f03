import { contentsServiceAnswer, paymentStatusAnswer, profileAnswer } from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { AccountsService } from './service.ts';

/** Routes that need a signed-in user; the scope they are registered in checks the access token. */
export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  const security = [{ bearer: [] }];
  app.get(
    '/v1/profile',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user with privilege type, domain and company',
        security,
        response: { 200: profileAnswer, ...errorResponses(401) },
      },
    },
    async (request) => accounts.profile(actorOf(request)),
  );

  app.get(
    '/v1/payment-status',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Whether the account is paid up (false sends the console to the payment-failure page)',
        security,
        response: { 200: paymentStatusAnswer, ...errorResponses(401) },
      },
    },
    async (request) => accounts.paymentStatus(actorOf(request)),
  );

  app.get(
    '/v1/contents-service',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Service settings of the signed-in user',
        security,
        response: {
          200: contentsServiceAnswer,
          ...errorResponses(401),
        },
      },
    },
    async (request) => accounts.contentsService(actorOf(request)),
  );
};
