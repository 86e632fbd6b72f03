import { searchParams } from '@spinyard/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../modules/auth/service.ts';
import type { ActorRoute, ActorRoutes } from './actor-routes.ts';

/** A route's own words: what the OpenAPI document says of it and the refusals it documents. */
export interface ResourceDoc {
  summary: string;
  description?: string;
  errors: number[];
}

type Answer<A extends z.ZodType> = Promise<z.input<A>> | z.input<A>;

/** The schemas of a resource's calls: its id, list query and answer, create and update bodies, one item's answer. */
export interface ResourceSchemas {
  params: z.ZodType<{ id: string }>;
  query: z.ZodType;
  listAnswer: z.ZodType;
  createBody: z.ZodType;
  updateBody: z.ZodType;
  answer: z.ZodType;
  /** The creation's and the delete's answers where they are not the item (`{ deleted }`); the item otherwise. */
  createAnswer?: z.ZodType;
  removeAnswer?: z.ZodType;
}

type Or<A, B extends z.ZodType> = A extends z.ZodType ? A : B;

/** The five calls of a resource's service, each with the caller and what its route parsed. */
export interface ResourceService<S extends ResourceSchemas> {
  list(actor: Actor, query: z.output<S['query']>): Answer<S['listAnswer']>;
  /** The request comes along for what a creation mails (the console's origin for an activation link). */
  create(
    actor: Actor,
    body: z.output<S['createBody']>,
    request: FastifyRequest,
  ): Answer<Or<S['createAnswer'], S['answer']>>;
  get(actor: Actor, id: string): Answer<S['answer']>;
  update(actor: Actor, id: string, body: z.output<S['updateBody']>): Answer<S['answer']>;
  /** Absent where the resource is never deleted through the API (no DELETE route then). */
  remove?(actor: Actor, id: string): Answer<Or<S['removeAnswer'], S['answer']>>;
}

/** The list again with its search word in the address (`/v1/things/search/:q`), the rest of the query as it is. */
export interface ResourceSearch {
  url: string;
  /** The list query without `q`. */
  query: z.ZodType;
  doc: ResourceDoc;
}

/** A resource's addresses, schemas, words per call, and its service. */
export interface Resource<S extends ResourceSchemas> {
  /** `/v1/things`: list (GET) and create (POST). */
  collection: string;
  /** `/v1/thing/:id`: read (GET), update (POST, as the spec's other edits) and delete (DELETE). */
  item: string;
  search?: ResourceSearch;
  schemas: S;
  docs: { list: ResourceDoc; create: ResourceDoc; read: ResourceDoc; update: ResourceDoc; remove?: ResourceDoc };
  service: ResourceService<S>;
}

/**
 * The spec's call list of a managed resource, "/things (create, list); /thing/{id} (read, update, delete)", declared
 * once: each call parses its part and calls the service's method of the same role with the caller.
 */
export function resourceRoutes<S extends ResourceSchemas>(route: ActorRoutes, resource: Resource<S>): void {
  const { collection, item, search, schemas, docs, service } = resource;
  const { params, answer } = schemas;
  // TypeScript cannot resolve a part's parsed type through the generic schemas (the frame of actorRoutes checked
  // each part against its schema before `run`), hence the parts named below.
  type Query = z.output<S['query']>;
  route.get(collection, {
    ...docs.list,
    querystring: schemas.query,
    answer: schemas.listAnswer,
    run: (actor, { query }) => service.list(actor, query as Query),
  });
  if (search) {
    route.get(search.url, {
      ...search.doc,
      params: searchParams,
      querystring: search.query,
      answer: schemas.listAnswer,
      run: (actor, input) => service.list(actor, { ...(input.query as object), q: input.params.q } as Query),
    });
  }
  route.post(collection, {
    ...docs.create,
    body: schemas.createBody,
    answer: schemas.createAnswer ?? answer,
    created: true,
    run: (actor, { body, request }) => service.create(actor, body as z.output<S['createBody']>, request),
  });
  route.get(item, { ...docs.read, params, answer, run: (actor, input) => service.get(actor, input.params.id) });
  route.post(item, {
    ...docs.update,
    params,
    body: schemas.updateBody,
    answer,
    run: (actor, input) => service.update(actor, input.params.id, input.body as z.output<S['updateBody']>),
  });
  const { remove } = service;
  if (!remove || !docs.remove) return;
  route.delete(item, {
    ...docs.remove,
    params,
    answer: schemas.removeAnswer ?? answer,
    run: (actor, input) => remove(actor, input.params.id),
  });
}

type Part = z.ZodType | undefined;

/**
 * A document kept at one address, read (GET) and replaced or edited (POST), both answering it: its address, the
 * parts both calls parse and the answer are said once, each call its own words, refusals and service call.
 */
export function documentRoutes<P extends Part, B extends z.ZodType, A extends z.ZodType>(
  route: ActorRoutes,
  url: string,
  document: {
    params?: P;
    body: B;
    answer: A;
    read: Omit<ActorRoute<P, undefined, undefined, A>, 'params' | 'answer'>;
    update: Omit<ActorRoute<P, undefined, B, A>, 'params' | 'body' | 'answer'>;
  },
): void {
  const { params, body, answer } = document;
  route.get<P, undefined, undefined, A>(url, { ...document.read, ...(params && { params }), answer });
  route.post<P, undefined, B, A>(url, { ...document.update, ...(params && { params }), body, answer });
}
