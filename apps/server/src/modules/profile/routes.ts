import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { ProfileService } from './service.ts';

const forms = ['application/json', 'application/x-www-form-urlencoded'];
const security = [{ bearer: [] }];

// Shapes for the documentation and a first bound on sizes; the rules themselves (the domain's account schemas)
// run in the service, so refusals carry the domain's rule names.
const profileBody = z
  .object({
    name: z.string().max(1000).optional(),
    first_name: z.string().max(1000).optional(),
    last_name: z.string().max(1000).optional(),
    display_name: z.string().max(1000).optional(),
    phone: z
      .string()
      .max(1000)
      .optional()
      .describe('Half-width digits and hyphens, optional leading +, 6 to 20 characters; empty removes it.'),
  })
  // Unknown fields reach the service, which refuses them (`unknown_field`) instead of dropping them unseen: a
  // client that sends `email` here must learn that this is not how the address changes.
  .loose()
  .describe('Only the fields sent change; names up to 100 characters, name not empty.');

const profileAnswer = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    display_name: z.string(),
    phone: z.string(),
    two_step_auth: z.boolean(),
  }),
});

const twoStepAnswer = z.object({
  enabled: z.boolean().describe("The user's own two-step flag."),
  enforced: z.boolean().describe('The domain requires two-step for everyone: it cannot be turned off.'),
  available: z.boolean().describe('The domain offers two-step: it can be turned on.'),
  required: z.boolean().describe('Whether the next sign-in asks for a code.'),
  delivery: z.array(z.enum(['mail', 'sms'])).describe('Where codes are sent.'),
});

/** The signed-in user's own account; registered in the scope that checks the access token. */
export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.post(
    '/v1/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change your names and phone',
        security,
        consumes: forms,
        body: profileBody,
        response: { 200: profileAnswer, ...errorResponses(401, 422) },
      },
    },
    async (request) => profile.update(actorOf(request), request.body),
  );

  app.post(
    '/v1/profile/password',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change your password; your other devices are signed out, this one stays signed in',
        description:
          '422 validation_failed (newPassword: min_length, max_length, ascii_only, must_differ; retypedNewPassword: ' +
          'must_match); 400 current_password_incorrect; 429 after repeated wrong current passwords.',
        security,
        consumes: forms,
        body: z.object({
          currentPassword: z.string().max(1024),
          newPassword: z.string().max(1024),
          retypedNewPassword: z.string().max(1024),
        }),
        response: { 200: z.object({ changed: z.literal(true) }), ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request) => profile.changePassword(actorOf(request), request.body, request.ip),
  );

  app.post(
    '/v1/profile/email',
    {
      schema: {
        tags: ['profile'],
        summary: 'Ask to change your sign-in e-mail: a confirmation link goes to the new address',
        description:
          'The change takes effect when the link ({origin}/user/email/confirmation/{token}, valid 24 hours) is ' +
          'opened; the current address gets a notice. 422 validation_failed (newEmail: email, must_differ; ' +
          'retypedNewEmail: must_match); 409 email_already_used.',
        security,
        consumes: forms,
        body: z.object({ newEmail: z.string().max(1000), retypedNewEmail: z.string().max(1000) }),
        response: {
          200: z.object({ status: z.literal('confirmation_sent'), new_email: z.string() }),
          ...errorResponses(401, 409, 422, 429),
        },
      },
    },
    async (request) => profile.requestEmailChange(actorOf(request), request.body, request.headers.origin),
  );

  app.get(
    '/v1/profile/authentication',
    {
      schema: {
        tags: ['profile'],
        summary: 'Your two-step authentication setting',
        security,
        response: { 200: twoStepAnswer, ...errorResponses(401) },
      },
    },
    async (request) => profile.twoStepSettings(actorOf(request)),
  );

  app.post(
    '/v1/profile/authentication',
    {
      schema: {
        tags: ['profile'],
        summary: 'Turn your two-step authentication on or off',
        description:
          '403 two_step_enforced when turning off where the domain enforces it; 403 forbidden when turning on ' +
          'where the domain does not offer it.',
        security,
        consumes: forms,
        body: z.object({
          // Forms send text: "true"/"false" (and 1/0) are read as booleans.
          enabled: z.union([
            z.boolean(),
            z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
          ]),
        }),
        response: { 200: twoStepAnswer, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => profile.setTwoStep(actorOf(request), request.body.enabled),
  );
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
        params: z.object({ token: z.string().max(200) }),
        response: { 200: z.object({ email: z.string() }), ...errorResponses(400, 409) },
      },
    },
    async (request) => profile.confirmEmailChange(request.params.token),
  );
};
