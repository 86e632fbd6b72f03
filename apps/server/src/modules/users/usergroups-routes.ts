import { usergroupsAnswer, usergroupsQuery } from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorRoutes } from '../../http/actor-routes.ts';
import type { UsergroupsService } from './usergroups-service.ts';

/** `/usergroups` of the content API (content token). */
export const usergroupsRoutes: FastifyPluginAsyncZod<{ usergroups: UsergroupsService }> = async (
  app,
  { usergroups },
) => {
  const route = actorRoutes(app, ['users']);
  route.get('/usergroups', {
    summary: 'The groups of users the caller sees: each admin with their normal users, then users in no group',
    querystring: usergroupsQuery,
    answer: usergroupsAnswer,
    errors: [401, 422],
    run: (actor, { query }) => usergroups.usergroups(actor, query),
  });
};
