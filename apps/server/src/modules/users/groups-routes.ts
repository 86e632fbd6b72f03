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
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorRoutes } from '../../http/actor-routes.ts';
import { documentRoutes, resourceRoutes } from '../../http/resource-routes.ts';
import type { GroupsService } from './groups-service.ts';

/** The groups API. The console's menu keeps groups hidden; the API answers with its permission checks. */
export const groupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (app, { groups }) => {
  const route = actorRoutes(app, ['groups']);

  resourceRoutes(route, {
    collection: '/v1/groups',
    item: '/v1/groups/:id',
    search: {
      url: '/v1/groups/search/:q',
      query: groupListQuery.omit({ q: true }),
      doc: { summary: 'Groups searched by a word', errors: [401, 403, 422] },
    },
    schemas: {
      params: idParams,
      query: groupListQuery,
      listAnswer: groupPage,
      createBody: groupCreateBody,
      updateBody: groupUpdateBody,
      answer: groupAnswer,
      removeAnswer: deletedAnswer,
    },
    service: groups,
    docs: {
      list: { summary: 'Groups of users, searched by group or admin name, paged', errors: [401, 403, 422] },
      create: {
        summary: 'Create a group, optionally headed by an admin (admin_code: their e-mail or login code)',
        errors: [401, 403, 404, 409, 422],
      },
      read: { summary: 'One group', errors: [401, 403, 404] },
      update: {
        summary: 'Rename a group or change its admin (admin_user_id null removes the admin)',
        errors: [401, 403, 404, 409, 422],
      },
      remove: { summary: 'Delete a group; its users stay, without a group', errors: [401, 403, 404] },
    },
  });

  documentRoutes(route, '/v1/groups/:id/members', {
    params: idParams,
    body: membersBody,
    answer: membersAnswer,
    read: {
      summary: 'The group and its members',
      errors: [401, 403, 404],
      run: (actor, { params }) => groups.members(actor, params.id),
    },
    update: {
      summary: 'Set the group’s normal members (the whole list; the admin stays)',
      errors: [401, 403, 404, 422],
      run: (actor, { params, body }) => groups.setMembers(actor, params.id, body.user_ids),
    },
  });
};
