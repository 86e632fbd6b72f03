import {
  deletedAnswer,
  groupAnswer,
  groupCreateBody,
  groupListQuery,
  groupPage,
  groupUpdateBody,
  idParams,
  membersAnswer,
  membersBody,
  searchParams,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorRoutes } from '../../http/actor-routes.ts';
import type { GroupsService } from './groups-service.ts';

/** The groups API. The console's menu keeps groups hidden; the API answers with its permission checks. */
export const groupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (app, { groups }) => {
  const route = actorRoutes(app, ['groups']);

  route.get('/v1/groups', {
    summary: 'Groups of users, searched by group or admin name, paged',
    querystring: groupListQuery,
    answer: groupPage,
    errors: [401, 403, 422],
    run: (actor, { query }) => groups.list(actor, query),
  });

  route.get('/v1/groups/search/:q', {
    summary: 'Groups searched by a word',
    params: searchParams,
    querystring: groupListQuery.omit({ q: true }),
    answer: groupPage,
    errors: [401, 403, 422],
    run: (actor, { params, query }) => groups.list(actor, { ...query, q: params.q }),
  });

  route.post('/v1/groups', {
    summary: 'Create a group, optionally headed by an admin (admin_code: their e-mail or login code)',
    body: groupCreateBody,
    answer: groupAnswer,
    created: true,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { body }) => groups.create(actor, body),
  });

  route.get('/v1/groups/:id', {
    summary: 'One group',
    params: idParams,
    answer: groupAnswer,
    errors: [401, 403, 404],
    run: (actor, { params }) => groups.get(actor, params.id),
  });

  route.post('/v1/groups/:id', {
    summary: 'Rename a group or change its admin (admin_user_id null removes the admin)',
    params: idParams,
    body: groupUpdateBody,
    answer: groupAnswer,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { params, body }) => groups.update(actor, params.id, body),
  });

  route.delete('/v1/groups/:id', {
    summary: 'Delete a group; its users stay, without a group',
    params: idParams,
    answer: deletedAnswer,
    errors: [401, 403, 404],
    run: (actor, { params }) => groups.remove(actor, params.id),
  });

  route.get('/v1/groups/:id/members', {
    summary: 'The group and its members',
    params: idParams,
    answer: membersAnswer,
    errors: [401, 403, 404],
    run: (actor, { params }) => groups.members(actor, params.id),
  });

  route.post('/v1/groups/:id/members', {
    summary: 'Set the group’s normal members (the whole list; the admin stays)',
    params: idParams,
    body: membersBody,
    answer: membersAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { params, body }) => groups.setMembers(actor, params.id, body.user_ids),
  });
};
