import type { z } from 'zod';
import type { Actor } from '../modules/auth/service.ts';
import type { ActorRoutes } from './actor-routes.ts';

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
}

/** The five calls of a resource's service, each with the caller and what its route parsed. */
export interface ResourceService<S extends ResourceSchemas> {
  list(actor: Actor, query: z.output<S['query']>): Answer<S['listAnswer']>;
  create(actor: Actor, body: z.output<S['createBody']>): Answer<S['answer']>;
  get(actor: Actor, id: string): Answer<S['answer']>;
  update(actor: Actor, id: string, body: z.output<S['updateBody']>): Answer<S['answer']>;
  remove(actor: Actor, id: string): Answer<S['answer']>;
}

/** A resource's addresses, schemas, words per call, and its service. */
export interface Resource<S extends ResourceSchemas> {
  /** `/v1/things`: list (GET) and create (POST). */
  collection: string;
  /** `/v1/thing/:id`: read (GET), update (POST, as the spec's other edits) and delete (DELETE). */
  item: string;
  schemas: S;
  docs: { list: ResourceDoc; create: ResourceDoc; read: ResourceDoc; update: ResourceDoc; remove: ResourceDoc };
  service: ResourceService<S>;
}

/**
 * The spec's call list of a managed resource, "/things (create, list); /thing/{id} (read, update, delete)", declared
 * once: each call parses its part and calls the service's method of the same role with the caller.
 */
export function resourceRoutes<S extends ResourceSchemas>(route: ActorRoutes, resource: Resource<S>): void {
  const { collection, item, schemas, docs, service } = resource;
  const { params, answer } = schemas;
  // TypeScript cannot resolve a part's parsed type through the generic schemas (the frame of actorRoutes checked
  // each part against its schema before `run`), hence the parts named below.
  route.get(collection, {
    ...docs.list,
    querystring: schemas.query,
    answer: schemas.listAnswer,
    run: (actor, { query }) => service.list(actor, query as z.output<S['query']>),
  });
  route.post(collection, {
    ...docs.create,
    body: schemas.createBody,
    answer,
    created: true,
    run: (actor, { body }) => service.create(actor, body as z.output<S['createBody']>),
  });
  route.get(item, { ...docs.read, params, answer, run: (actor, input) => service.get(actor, input.params.id) });
  route.post(item, {
    ...docs.update,
    params,
    body: schemas.updateBody,
    answer,
    run: (actor, input) => service.update(actor, input.params.id, input.body as z.output<S['updateBody']>),
  });
  route.delete(item, { ...docs.remove, params, answer, run: (actor, input) => service.remove(actor, input.params.id) });
}
