import {
  emailChangeRequestedAnswer,
  emailChangeSchema,
  emailConfirmedAnswer,
  passwordChangedAnswer,
  passwordChangeSchema,
  profileUpdateBody,
  profileUpdatedAnswer,
  tokenParams,
  twoStepAnswer,
  twoStepBody,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorRoutes } from '../../http/actor-routes.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { ProfileService } from './service.ts';

const forms = ['application/json', 'application/x-www-form-urlencoded'];

/** The signed-in user's own account; registered in the scope that checks the access token. */
export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  const route = actorRoutes(app, ['profile']);

  route.post('/v1/profile', {
    summary: 'Change your names and phone',
    consumes: forms,
    body: profileUpdateBody,
    answer: profileUpdatedAnswer,
    errors: [401, 422],
    run: (actor, { body }) => profile.update(actor, body),
  });

  route.post('/v1/profile/password', {
    summary: 'Change your password; your other devices are signed out, this one stays signed in',
    description:
      '422 validation_failed (newPassword: min_length, max_length, ascii_only, must_differ; retypedNewPassword: ' +
      'must_match); 400 current_password_incorrect; 429 after repeated wrong current passwords.',
    consumes: forms,
    body: passwordChangeSchema,
    answer: passwordChangedAnswer,
    errors: [400, 401, 422, 429],
    run: (actor, { body, request }) => profile.changePassword(actor, body, request.ip),
  });

  route.post('/v1/profile/email', {
    summary: 'Ask to change your sign-in e-mail: a confirmation link goes to the new address',
    description:
      'The change takes effect when the link ({origin}/user/email/confirmation/{token}, valid 24 hours) is ' +
      'opened; the current address gets a notice. 422 validation_failed (newEmail: email, must_differ; ' +
      'retypedNewEmail: must_match); 409 email_already_used.',
    consumes: forms,
    body: emailChangeSchema,
    answer: emailChangeRequestedAnswer,
    errors: [401, 409, 422, 429],
    run: (actor, { body, request }) => profile.requestEmailChange(actor, body, request.headers.origin),
  });

  route.get('/v1/profile/authentication', {
    summary: 'Your two-step authentication setting',
    answer: twoStepAnswer,
    errors: [401],
    run: (actor) => profile.twoStepSettings(actor),
  });

  route.post('/v1/profile/authentication', {
    summary: 'Turn your two-step authentication on or off',
    description:
      '403 two_step_enforced when turning off where the domain enforces it; 403 forbidden when turning on ' +
      'where the domain does not offer it.',
    consumes: forms,
    body: twoStepBody,
    answer: twoStepAnswer,
    errors: [401, 403, 422],
    run: (actor, { body }) => profile.setTwoStep(actor, body.enabled),
  });
};

/** The e-mail confirmation link works without signing in: the user may open it on another device. */
export const profilePublicRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.post(
    '/v1/profile/email/confirm/:token',
    {
      schema: {
        tags: ['profile'],
        summary: 'Confirm a new sign-in e-mail from the link mailed to it',
        description:
          '400 link_expired after 24 hours; 400 link_invalid when unknown, used or replaced by a newer request; ' +
          '409 email_already_used when another account took the address meanwhile. Sessions stay signed in.',
        params: tokenParams,
        response: { 200: emailConfirmedAnswer, ...errorResponses(400, 409) },
      },
    },
    async (request) => profile.confirmEmailChange(request.params.token),
  );
};
