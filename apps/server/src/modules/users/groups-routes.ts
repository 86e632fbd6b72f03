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
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { GroupsService } from './groups-service.ts';

const security = [{ bearer: [] }];
const tags = ['groups'];

/** The groups API. The console's menu keeps groups hidden; the API answers with its permission checks. */
export const groupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (app, { groups }) => {
  app.get(
    '/v1/groups',
    {
      schema: {
        tags,
        security,
        summary: 'Groups of users, searched by group or admin name, paged',
        querystring: groupListQuery,
        response: { 200: groupPage, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => groups.list(actorOf(request), request.query),
  );

  app.get(
    '/v1/groups/search/:q',
    {
      schema: {
        tags,
        security,
        summary: 'Groups searched by a word',
        params: searchParams,
        querystring: groupListQuery.omit({ q: true }),
        response: { 200: groupPage, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => groups.list(actorOf(request), { ...request.query, q: request.params.q }),
  );

  app.post(
    '/v1/groups',
    {
      schema: {
        tags,
        security,
        summary: 'Create a group, optionally headed by an admin (admin_code: their e-mail or login code)',
        body: groupCreateBody,
        response: { 201: groupAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await groups.create(actorOf(request), request.body)),
  );

  app.get(
    '/v1/groups/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One group',
        params: idParams,
        response: { 200: groupAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => groups.get(actorOf(request), request.params.id),
  );

  app.post(
    '/v1/groups/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a group or change its admin (admin_user_id null removes the admin)',
        params: idParams,
        body: groupUpdateBody,
        response: { 200: groupAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => groups.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v1/groups/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a group; its users stay, without a group',
        params: idParams,
        response: { 200: deletedAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => groups.remove(actorOf(request), request.params.id),
  );

  app.get(
    '/v1/groups/:id/members',
    {
      schema: {
        tags,
        security,
        summary: 'The group and its members',
        params: idParams,
        response: { 200: membersAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => groups.members(actorOf(request), request.params.id),
  );

  app.post(
    '/v1/groups/:id/members',
    {
      schema: {
        tags,
        security,
        summary: 'Set the group’s normal members (the whole list; the admin stays)',
        params: idParams,
        body: membersBody,
        response: { 200: membersAnswer, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => groups.setMembers(actorOf(request), request.params.id, request.body.user_ids),
  );
};
