import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas.ts';
import type { AuthService } from './service.ts';

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

const tokenAnswer = z.object({
  access_token: z.string(),
  'content-token': z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/v1/auth/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenForm,
        response: { 200: tokenAnswer, ...errorResponses(400, 429) },
      },
    },
    async (request) => auth.login(request.body, request.ip),
  );

  app.post(
    '/v1/auth/token/revoke',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke a token and the session it belongs to',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: z.object({ token: z.string().max(200).optional() }),
        response: { 200: z.object({ revoked: z.literal(true) }) },
      },
    },
    async (request) => {
      await auth.revoke(request.body.token);
      return { revoked: true as const };
    },
  );
};
