import {
  bulkDeleteBody,
  cancelBody,
  cancellationPreviewAnswer,
  deletedAnswer,
  firstPaymentConfirmBody,
  idParams,
  loginLimitedAnswer,
  privilegeChangeAnswer,
  privilegeChangeBody,
  registrationAnswer,
  registrationBody,
  signedInAnswer,
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
import { type ActorRoutes, actorRoutes } from '../../http/actor-routes.ts';
import { resourceRoutes } from '../../http/resource-routes.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { FirstPaymentService } from './first-payment-service.ts';
import type { UsersService } from './service.ts';

const tags = ['users'];

/** Routes of signed-in users: subordinates, super users, privilege change, /users. Thin: parse, call, answer. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const route = actorRoutes(app, tags);

  // ---- Subordinates ---------------------------------------------------------------------------------------------

  resourceRoutes(route, {
    collection: '/v1/subordinates',
    item: '/v1/subordinates/:id',
    search: {
      url: '/v1/subordinates/search/:q',
      query: userListQuery.omit({ q: true }),
      doc: {
        summary: 'The subordinate list searched by a word (e-mail, names, section, codes, company)',
        errors: [401, 403, 422],
      },
    },
    schemas: {
      params: idParams,
      query: userListQuery,
      listAnswer: userPage,
      createBody: subordinateCreateBody,
      updateBody: subordinateUpdateBody,
      answer: userAnswer,
      removeAnswer: deletedAnswer,
    },
    service: {
      list: users.listSubordinates,
      create: users.createSubordinate,
      get: users.getUser,
      update: users.updateSubordinate,
      remove: users.deleteUser,
    },
    docs: {
      list: {
        summary: 'Admins and normal users the caller manages, searched, filtered and paged',
        errors: [401, 403, 422],
      },
      create: {
        summary: 'Add an admin or a normal user (active at once, with the password given)',
        errors: [401, 403, 404, 409, 422],
      },
      read: { summary: 'One user the caller can see', errors: [401, 403, 404] },
      update: {
        summary: 'Edit a user (any subset of the fields; the role changes with /privilege-type-change)',
        description:
          'A password set here signs the user out everywhere. On your own account 403 self_action_not_allowed names ' +
          'each refused field: password, email, two_step_forced (rule own_account_page: /v1/profile/password, ' +
          '/v1/profile/email, /v1/profile/authentication) and car_limit, login_limit_count, parent_user_id, ' +
          'admin_code, company_id (rule set_by_manager).',
        errors: [401, 403, 404, 409, 422],
      },
      remove: {
        summary: 'Delete a user (not a super user; not while a vehicle of theirs is processing)',
        errors: [401, 403, 404, 409],
      },
    },
  });

  route.post('/v1/subordinates/:id/status', {
    summary: 'Enable (active) or disable (inactive) a user; disabling signs them out everywhere',
    params: idParams,
    body: userStatusBody,
    answer: userAnswer,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { params, body }) => users.setStatus(actor, params.id, body.status),
  });

  route.delete('/v1/subordinates-delete', {
    summary: 'Delete several users: all of them or none',
    body: bulkDeleteBody,
    answer: deletedAnswer,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { body }) => users.deleteUsers(actor, body.ids),
  });

  route.get('/v1/users', {
    summary:
      'Active users for pickers: with same_privileges=1 the users of the caller’s role in their reach, else every user the caller can see',
    querystring: usersQuery,
    answer: userSummaryPage,
    errors: [401, 422],
    run: (actor, { query }) =>
      users.users(actor, {
        samePrivileges: query.same_privileges === '1' || query.same_privileges === 'true',
        q: query.q,
        page: query.page,
        limit: query.limit,
      }),
  });

  // ---- Privilege change -----------------------------------------------------------------------------------------

  route.post('/v1/privilege-type-change/:id', {
    summary: 'Change a user between admin and normal, moving their users and vehicle limits',
    params: idParams,
    body: privilegeChangeBody,
    answer: privilegeChangeAnswer,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { params, body }) => users.changePrivilege(actor, params.id, body),
  });

  superuserRoutes(route, users);
};

/** Super users: listed and registered by master, read and edited by master or themself, their contract cancelled. */
function superuserRoutes(route: ActorRoutes, users: UsersService): void {
  resourceRoutes(route, {
    collection: '/v1/superusers',
    item: '/v1/superusers/:id',
    schemas: {
      params: idParams,
      query: superuserListQuery,
      listAnswer: userPage,
      createBody: superuserCreateBody,
      updateBody: superuserUpdateBody,
      answer: userAnswer,
      createAnswer: superuserCreatedAnswer,
    },
    service: {
      list: users.listSuperusers,
      create: (actor, body, request) => users.createSuperuser(actor, body, request.headers.origin),
      get: users.getSuperuser,
      update: users.updateSuperuser,
    },
    docs: {
      list: {
        summary: 'Super users (master): searched, filtered by domain and status, paged',
        errors: [401, 403, 422],
      },
      create: {
        summary: 'Register a super user in a domain (master); approval pending until activated from the mail',
        errors: [401, 403, 404, 409, 422],
      },
      read: { summary: 'One super user (master, or the super user themself)', errors: [401, 403, 404] },
      update: {
        summary: 'Edit a super user (master; a super user edits their own name and contact fields)',
        errors: [401, 403, 404, 409, 422],
      },
    },
  });

  route.get('/v1/superusers-user', {
    summary: 'The super user holding the caller’s contract (their company’s, else their domain’s)',
    answer: superuserContact,
    errors: [401, 404],
    run: (actor) => users.superOfCaller(actor),
  });

  route.post('/v1/superusers/cancel/:id', {
    summary: 'Cancel the contract: cancel_pending, service continues to the term end (terms must be accepted)',
    params: idParams,
    body: cancelBody,
    answer: userAnswer,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { params, body }) => users.cancelSuperuser(actor, params.id, body.accept_terms),
  });

  route.get('/v1/superusers/cancel/:id/preview', {
    summary: 'What cancelling now would mean, before confirming: the service end date (nothing changes)',
    params: idParams,
    answer: cancellationPreviewAnswer,
    errors: [401, 403, 404, 409],
    run: (actor, { params }) => users.previewSuperCancel(actor, params.id),
  });
}

/** Public routes: self-registration from /user/entry, and its confirm after a 3-D Secure challenge. */
export const usersPublicRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  firstPayment: FirstPaymentService;
}> = async (app, { users, firstPayment }) => {
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

  app.post(
    '/v1/superusers-create/confirm',
    {
      schema: {
        tags,
        summary: 'Back from the card issuer’s 3-D Secure page: the registration’s first payment, then the sign-in',
        description:
          'With the sign_in_hold token of the registration. Paid: the contract starts (active, the plan’s vehicle ' +
          'limit) and the answer is the login’s (200 signed in, 201 at the login limit). Refused: the account is ' +
          'rolled back (the address can register again) and the card’s error is answered (402). 401: the hold is ' +
          'unknown, expired or already used. 402 payment_required: the challenge is not answered yet. With ' +
          'give_up true, a challenge still open is given up: its payment is cancelled at the gateway and the ' +
          'account rolled back (402 card_authentication_required), unless it was paid meanwhile (signed in).',
        body: firstPaymentConfirmBody,
        response: { 200: signedInAnswer, 201: loginLimitedAnswer, ...errorResponses(401, 402) },
      },
    },
    async (request, reply) => {
      const answer = await firstPayment.confirm(request.body.hold_token, request.body.give_up);
      return reply.status(answer.status).send(answer.body);
    },
  );
};
