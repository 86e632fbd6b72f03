import {
  deviceListAnswer,
  deviceLogoutForm,
  deviceOwnerParams,
  heldForm,
  loginLimitedAnswer,
  revokedAnswer,
  revokeForm,
  secondStepAnswer,
  signedInAnswer,
  tokenForm,
  twoStepCodeForm,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { AuthService } from './service.ts';
import type { SignInService } from './sign-in-service.ts';

// Every field of the token form is optional at the schema level: a missing username or password is a login failure
// (400) by the spec, not a generic validation error, so the service decides.
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
        response: {
          200: signedInAnswer,
          201: loginLimitedAnswer,
          202: secondStepAnswer,
          ...errorResponses(400, 403, 409, 429),
        },
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
        body: twoStepCodeForm,
        response: { 200: signedInAnswer, 201: loginLimitedAnswer, ...errorResponses(400, 401, 409, 429) },
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
        response: { 200: signedInAnswer, 201: loginLimitedAnswer, ...errorResponses(401, 409) },
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
        body: revokeForm,
        response: { 200: revokedAnswer },
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
        params: deviceOwnerParams,
        response: { 200: deviceListAnswer, ...errorResponses(401, 403) },
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
        params: deviceOwnerParams,
        body: deviceLogoutForm,
        response: { 200: deviceListAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await auth.authenticateDeviceCaller(bearerToken(request));
      return signIn.logoutDevice(caller, request.params.id, request.body.token_id);
    },
  );
};
