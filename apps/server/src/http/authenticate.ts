import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { Actor, AuthService } from '../modules/auth/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/**
 * Authentication once per route prefix (fastify/demo's autohooks): every route registered inside the
 * scope this is applied to requires a live token of the given kind.
 */
export function requireToken(scope: FastifyInstance, auth: AuthService, kind: 'access' | 'content'): void {
  scope.addHook('onRequest', async (request) => {
    request.actor = await auth.authenticate(bearerToken(request), kind);
  });
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('not_authenticated');
  return request.actor;
}
