import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Actor } from '../modules/auth/service.ts';
import { actorOf } from './authenticate.ts';
import { errorResponses } from './schemas.ts';

export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const security = [{ bearer: [] }];

/** What an upload route consumes, for its OpenAPI schema. */
export const multipartForm = ['multipart/form-data'];

/**
 * The route options of a signed-in caller's routes: the tags and the bearer token around the schema given, so each
 * route states only what is its own (summary, params, body, answers). `actorRoutes` below builds every route on it;
 * routes that answer more than JSON (files, streams) use it with their own handler.
 */
export function signedInRoute(tags: string[]) {
  return <S extends object>(schema: S) => ({ schema: { tags, security, ...schema } });
}

/**
 * A CSV file sent as it is read. Fastify writes a stream as it comes and never serialises it against the route's
 * JSON answer schema; only the type provider's reply type does not know that, hence the plain reply here.
 */
export function sendCsv(reply: FastifyReply, fileName: string, stream: Readable) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

type Part = z.ZodType | undefined;
export type Parsed<S extends Part> = S extends z.ZodType ? z.output<S> : undefined;

/** The parts of a request a route declared, as Fastify parsed them, and the request for anything else (headers). */
export interface RouteInput<P extends Part, Q extends Part, B extends Part> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  request: FastifyRequest;
}

/** One route of a signed-in caller: its documentation, its schemas, and the one service call behind it. */
export interface ActorRoute<P extends Part, Q extends Part, B extends Part, A extends z.ZodType> {
  summary: string;
  description?: string;
  params?: P;
  querystring?: Q;
  body?: B;
  /** The body's media types, where the route takes more than JSON (forms). */
  consumes?: string[];
  /** The answer's schema, documented under 201 when `created`, 202 when `accepted` (a process started), else 200. */
  answer: A;
  created?: boolean;
  accepted?: boolean;
  /** The error statuses the route documents besides its answer. */
  errors: number[];
  run: (actor: Actor, input: RouteInput<P, Q, B>) => Promise<z.input<A>> | z.input<A>;
}

type Register = <
  P extends Part = undefined,
  Q extends Part = undefined,
  B extends Part = undefined,
  A extends z.ZodType = z.ZodType,
>(
  url: string,
  route: ActorRoute<P, Q, B, A>,
) => void;

/** Registers signed-in routes by method. */
export interface ActorRoutes {
  get: Register;
  post: Register;
  delete: Register;
}

/**
 * The routes of one area that a signed-in caller reaches (bearer token, OpenAPI tags): each declares what it parses
 * and answers and calls its service with the caller, so the frame every such route shares is written once.
 */
export function actorRoutes(app: ZodApp, tags: string[]): ActorRoutes {
  const signedIn = signedInRoute(tags);
  const register =
    (method: 'GET' | 'POST' | 'DELETE'): Register =>
    (url, route) => {
      const status = route.created ? 201 : route.accepted ? 202 : 200;
      const { summary, description, consumes, params, querystring, body } = route;
      const parts = Object.fromEntries(
        Object.entries({ description, consumes, params, querystring, body }).filter(([, v]) => v),
      );
      // Typed loosely: the handler names the parts' types itself (below), the answer is checked by `run`'s type.
      const { schema } = signedIn<FastifySchema>({
        summary,
        ...parts,
        response: { [status]: route.answer, ...errorResponses(...route.errors) },
      });
      app.route({
        method,
        url,
        schema,
        handler: async (request, reply) => {
          // Fastify has checked each part against its schema before the handler runs; TypeScript cannot follow the
          // type provider through a generic schema, so the parts' types are named here.
          const input = { params: request.params, query: request.query, body: request.body, request };
          const answer = await route.run(actorOf(request), input as Parameters<typeof route.run>[1]);
          return status === 200 ? answer : reply.code(status).send(answer);
        },
      });
    };
  return { get: register('GET'), post: register('POST'), delete: register('DELETE') };
}
