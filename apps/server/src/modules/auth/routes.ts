import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { AuthService } from './service.ts';
import type { SignInService } from './sign-in-service.ts';

// Every field optional at the schema level: a missing username or password is a login failure (400) by the
// spec, not a generic validation error, so the service decides.
const tokenForm = z.object({
  grant_type: z.string().optional(),
  username: z.string().max(320).optional(),
  password: z.string().max(1024).optional(),
  scope: z.string().max(200).optional(),
  device: z.string().max(1000).optional(),
  application: z.string().max(1000).optional(),
});

const signedIn = z
  .object({
    access_token: z.string(),
    'content-token': z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
  })
  .describe('Signed in: keep both tokens.');

const loginActivity = z.object({
  id: z.string().describe('Id of the session (its access token); send it as token_id to log the device out.'),
  device: z.string(),
  application: z.string(),
  ip: z.string(),
  created_at: z.string().describe('ISO 8601 time the device signed in.'),
  last_used_at: z.string().describe('ISO 8601 time of the last request (updated at most once a minute).'),
  current: z.boolean().describe('The session making this request (always false with a temporary token).'),
});

const deviceList = z.object({
  login_activities: z.array(loginActivity).describe("The user's signed-in devices, most recently used first."),
  login_limit_count: z.number().int().nullable().describe('The simultaneous-login limit; null when there is none.'),
  service_name: z.string(),
  target_token_id: z.string().nullable().describe('Suggested device to log out: the one unused the longest.'),
});

const loginLimited = deviceList
  .extend({
    temporary_token: z.string().describe('Bearer for the device list and /v1/auth/token/continue (10 minutes).'),
    expires_in: z.number().int(),
  })
  .describe('Simultaneous-login limit reached: log a device out, then continue.');

const secondStep = z
  .object({
    temporary_token: z.string().describe('Bearer for /v1/auth/token/two-step (10 minutes).'),
    expires_in: z.number().int(),
    delivery: z.array(z.enum(['mail', 'sms'])).describe('Where the 6-digit code was sent.'),
  })
  .describe('A second step is needed: enter the code that was sent.');

const heldForm = z.object({
  token: z.string().max(200).optional().describe('The temporary token, when it is not sent as a bearer token.'),
});

const userIdParam = z.object({
  id: z
    .string()
    .regex(/^(me|[0-9]{1,19})$/)
    .describe('The user whose devices these are: their id, or `me`. Only the user themself is allowed.'),
});

const forms = ['application/x-www-form-urlencoded', 'application/json'];

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; signIn: SignInService }> = async (
  app,
  { auth, signIn },
) => {
  app.post(
    '/v1/auth/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        description:
          '200 signed in; 201 the simultaneous-login limit is reached (log a device out with the temporary token, ' +
          'then POST /v1/auth/token/continue); 202 a second step is needed (POST /v1/auth/token/two-step).',
        consumes: forms,
        body: tokenForm,
        response: { 200: signedIn, 201: loginLimited, 202: secondStep, ...errorResponses(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const answer = await signIn.login(request.body, request.ip, request.host);
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.post(
    '/v1/auth/token/two-step',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second sign-in step: the code that was sent (bearer: the temporary token of the 202)',
        description:
          '400 two_step_code_invalid: wrong code, try again (at most 5 per sign-in; after the fifth the sign-in ' +
          'ends). 400 two_step_code_expired: the code is older than 10 minutes; sign in again. 401: the sign-in ' +
          'has ended; sign in again.',
        security: [{ bearer: [] }],
        consumes: forms,
        body: heldForm.extend({ code: z.string().min(1).max(64).describe('The 6-digit code; spaces are ignored.') }),
        response: { 200: signedIn, 201: loginLimited, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request) ?? request.body.token;
      const answer = await signIn.twoStep(token, request.body.code, request.ip);
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.post(
    '/v1/auth/token/continue',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish a sign-in held at the login limit (bearer: the temporary token of the 201)',
        description: '200 with the tokens once under the limit (the temporary token then ends); 201 again otherwise.',
        security: [{ bearer: [] }],
        consumes: forms,
        // A bare POST (no body at all) arrives as null.
        body: heldForm.nullish(),
        response: { 200: signedIn, 201: loginLimited, ...errorResponses(401, 409) },
      },
    },
    async (request, reply) => {
      const answer = await signIn.continueSignIn(bearerToken(request) ?? request.body?.token);
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.post(
    '/v1/auth/token/revoke',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke a token and the session it belongs to',
        consumes: forms,
        body: z.object({ token: z.string().max(200).optional() }),
        response: { 200: z.object({ revoked: z.literal(true) }) },
      },
    },
    async (request) => {
      await auth.revoke(request.body.token);
      return { revoked: true as const };
    },
  );

  // The device list answers an access token (login device management) or the temporary token of a 201, so it
  // lives outside the signed-in scope and authenticates itself.
  app.get(
    '/v1/login-activity/:id',
    {
      schema: {
        tags: ['auth'],
        summary: "The user's signed-in devices (bearer: access token, or the temporary token of a 201)",
        security: [{ bearer: [] }],
        params: userIdParam,
        response: { 200: deviceList, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const caller = await auth.authenticateDeviceCaller(bearerToken(request));
      return signIn.devices(caller, request.params.id);
    },
  );

  app.post(
    '/v1/login-activity/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log one device out (its session only; saved vehicles and images are not affected)',
        description:
          'Answers the device list after the logout. 404 when token_id is not a signed-in device of the user.',
        security: [{ bearer: [] }],
        consumes: forms,
        params: userIdParam,
        body: z.object({
          token_id: z
            .string()
            .regex(/^[0-9]{1,19}$/)
            .describe('`id` of an entry of login_activities.'),
        }),
        response: { 200: deviceList, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await auth.authenticateDeviceCaller(bearerToken(request));
      return signIn.logoutDevice(caller, request.params.id, request.body.token_id);
    },
  );
};
