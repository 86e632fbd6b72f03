import {
  bulkDeleteBody,
  cancelBody,
  deletedAnswer,
  idParams,
  privilegeChangeAnswer,
  privilegeChangeBody,
  registrationAnswer,
  registrationBody,
  searchParams,
  subordinateCreateBody,
  subordinateUpdateBody,
  superuserContact,
  superuserCreateBody,
  superuserCreatedAnswer,
  superuserListQuery,
  superuserUpdateBody,
  userAnswer,
  userListQuery,
  userPage,
  userStatusBody,
  userSummaryPage,
  usersQuery,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { UsersService } from './service.ts';

const security = [{ bearer: [] }];
const tags = ['users'];

/** Routes of signed-in users: subordinates, super users, privilege change, /users. Thin: parse, call, answer. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  // ---- Subordinates ---------------------------------------------------------------------------------------------

  app.get(
    '/v1/subordinates',
    {
      schema: {
        tags,
        security,
        summary: 'Admins and normal users the caller manages, searched, filtered and paged',
        querystring: userListQuery,
        response: { 200: userPage, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => users.listSubordinates(actorOf(request), request.query),
  );

  app.get(
    '/v1/subordinates/search/:q',
    {
      schema: {
        tags,
        security,
        summary: 'The subordinate list searched by a word (e-mail, names, section, codes, company)',
        params: searchParams,
        querystring: userListQuery.omit({ q: true }),
        response: { 200: userPage, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => users.listSubordinates(actorOf(request), { ...request.query, q: request.params.q }),
  );

  app.post(
    '/v1/subordinates',
    {
      schema: {
        tags,
        security,
        summary: 'Add an admin or a normal user (active at once, with the password given)',
        body: subordinateCreateBody,
        response: { 201: userAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await users.createSubordinate(actorOf(request), request.body)),
  );

  app.get(
    '/v1/subordinates/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One user the caller can see',
        params: idParams,
        response: { 200: userAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => users.getUser(actorOf(request), request.params.id),
  );

  app.post(
    '/v1/subordinates/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a user (any subset of the fields; the role changes with /privilege-type-change)',
        params: idParams,
        body: subordinateUpdateBody,
        response: { 200: userAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => users.updateSubordinate(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v1/subordinates/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a user (not a super user; not while a vehicle of theirs is processing)',
        params: idParams,
        response: { 200: deletedAnswer, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => users.deleteUser(actorOf(request), request.params.id),
  );

  app.post(
    '/v1/subordinates/:id/status',
    {
      schema: {
        tags,
        security,
        summary: 'Enable (active) or disable (inactive) a user; disabling signs them out everywhere',
        params: idParams,
        body: userStatusBody,
        response: { 200: userAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => users.setStatus(actorOf(request), request.params.id, request.body.status),
  );

  app.delete(
    '/v1/subordinates-delete',
    {
      schema: {
        tags,
        security,
        summary: 'Delete several users: all of them or none',
        body: bulkDeleteBody,
        response: { 200: deletedAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => users.deleteUsers(actorOf(request), request.body.ids),
  );

  app.get(
    '/v1/users',
    {
      schema: {
        tags,
        security,
        summary:
          'Active users for pickers: with same_privileges=1 the users of the caller’s role in their reach, else every user the caller can see',
        querystring: usersQuery,
        response: { 200: userSummaryPage, ...errorResponses(401, 422) },
      },
    },
    async (request) =>
      users.users(actorOf(request), {
        samePrivileges: request.query.same_privileges === '1' || request.query.same_privileges === 'true',
        q: request.query.q,
        page: request.query.page,
        limit: request.query.limit,
      }),
  );

  // ---- Privilege change -----------------------------------------------------------------------------------------

  app.post(
    '/v1/privilege-type-change/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a user between admin and normal, moving their users and vehicle limits',
        params: idParams,
        body: privilegeChangeBody,
        response: { 200: privilegeChangeAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => users.changePrivilege(actorOf(request), request.params.id, request.body),
  );

  // ---- Super users ----------------------------------------------------------------------------------------------

  app.get(
    '/v1/superusers',
    {
      schema: {
        tags,
        security,
        summary: 'Super users (master): searched, filtered by domain and status, paged',
        querystring: superuserListQuery,
        response: { 200: userPage, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => users.listSuperusers(actorOf(request), request.query),
  );

  app.post(
    '/v1/superusers',
    {
      schema: {
        tags,
        security,
        summary: 'Register a super user in a domain (master); approval pending until activated from the mail',
        body: superuserCreateBody,
        response: {
          201: superuserCreatedAnswer,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await users.createSuperuser(actorOf(request), request.body, request.headers.origin)),
  );

  app.get(
    '/v1/superusers-user',
    {
      schema: {
        tags,
        security,
        summary: 'The super user holding the caller’s contract (their company’s, else their domain’s)',
        response: { 200: superuserContact, ...errorResponses(401, 404) },
      },
    },
    async (request) => users.superOfCaller(actorOf(request)),
  );

  app.get(
    '/v1/superusers/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One super user (master, or the super user themself)',
        params: idParams,
        response: { 200: userAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => users.getSuperuser(actorOf(request), request.params.id),
  );

  app.post(
    '/v1/superusers/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a super user (master; a super user edits their own name and contact fields)',
        params: idParams,
        body: superuserUpdateBody,
        response: { 200: userAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => users.updateSuperuser(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/v1/superusers/cancel/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel the contract: cancel_pending, service continues to the term end (terms must be accepted)',
        params: idParams,
        body: cancelBody,
        response: { 200: userAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => users.cancelSuperuser(actorOf(request), request.params.id, request.body.accept_terms),
  );
};

/** Public routes: self-registration from /user/entry. */
export const usersPublicRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.post(
    '/v1/superusers-create',
    {
      schema: {
        tags,
        summary:
          'Self-registration (/user/entry): a new customer company on the product’s domain, its account holder waiting for activation',
        body: registrationBody,
        response: { 201: registrationAnswer, ...errorResponses(404, 409, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await users.register(request.body, request.headers.origin, request.ip)),
  );
};
