import {
  acceptedAnswer,
  activationAnswer,
  passwordResetAnswer,
  passwordResetCheckAnswer,
  passwordResetForm,
  recoveryEmailForm,
  tokenParams,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/schemas.ts';
import type { RecoveryService } from './recovery-service.ts';

const forms = ['application/json', 'application/x-www-form-urlencoded'];

// The bodies only bound sizes; the account rules (e-mail format, password rules, retype) are the domain's schemas,
// applied in the service so refusals carry the domain's rule names.

export const recoveryRoutes: FastifyPluginAsyncZod<{ recovery: RecoveryService }> = async (app, { recovery }) => {
  app.post(
    '/v1/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link ({origin}/user/password/confirmation/{token}, valid 1 hour)',
        description:
          'Answers 200 whether or not the address is registered. At most 5 requests per address and 20 per ' +
          'client address an hour (429 too_many_attempts with Retry-After).',
        consumes: forms,
        body: recoveryEmailForm,
        response: { 200: acceptedAnswer, ...errorResponses(422, 429) },
      },
    },
    async (request) => recovery.requestPasswordReset(request.body, request.ip, request.headers.origin),
  );

  app.get(
    '/v1/password-reset/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check a password reset link before asking for the new password',
        description: '400 password_reset_expired after 1 hour; 400 password_reset_failed when unknown or used.',
        params: tokenParams,
        response: { 200: passwordResetCheckAnswer, ...errorResponses(400) },
      },
    },
    async (request) => recovery.checkPasswordReset(request.params.token),
  );

  app.post(
    '/v1/password-reset/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set the new password from a reset link; every session of the user is signed out',
        description:
          '422 validation_failed with fields (password: min_length, max_length, ascii_only; retypedPassword: ' +
          'must_match); 400 password_reset_expired / password_reset_failed as for the GET.',
        consumes: forms,
        params: tokenParams,
        body: passwordResetForm,
        response: { 200: passwordResetAnswer, ...errorResponses(400, 422) },
      },
    },
    async (request) => recovery.completePasswordReset(request.params.token, request.body),
  );

  app.get(
    '/v1/activation/activate/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Activate an account from its mailed link (approval_pending becomes active)',
        description:
          'Opening the link again answers already_active. 400 link_expired after 7 days (ask for a new mail ' +
          'with /v1/activation/resend); 400 link_invalid when unknown, replaced by a newer mail, or the account ' +
          'was disabled meanwhile.',
        params: tokenParams,
        response: { 200: activationAnswer, ...errorResponses(400) },
      },
    },
    async (request) => recovery.activate(request.params.token),
  );

  app.post(
    '/v1/activation/resend',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a new activation link to an account that is not activated yet',
        description: 'Answers 200 whatever the address; limited like the password reset (429).',
        consumes: forms,
        body: recoveryEmailForm,
        response: { 200: acceptedAnswer, ...errorResponses(422, 429) },
      },
    },
    async (request) => recovery.resendActivation(request.body, request.ip, request.headers.origin),
  );
};
