import {
  contentsProcessingAnswer,
  contentsProcessingQuery,
  copyBody,
  idParams,
  isProcessingAnswer,
  processesStartedAnswer,
  transferBody,
  transferParams,
  transferRecipientsAnswer,
  transferRecipientsQuery,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import { areaRoute, READ_REFUSALS } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { processQueryService } from './process-query-service.ts';
import { type TransferService, transferService } from './transfer-service.ts';

const route = areaRoute('contents');

const processRoutes: FastifyPluginAsyncZod<{
  transfers: TransferService;
  queries: ReturnType<typeof processQueryService>;
}> = async (app, { transfers, queries }) => {
  app.get(
    '/contents/is_processing/:id',
    route({
      summary: 'Whether a background process runs on the vehicle, and which (queued or running)',
      params: idParams,
      response: { 200: isProcessingAnswer, ...READ_REFUSALS },
    }),
    async (request) => queries.isProcessing(actorOf(request), request.params.id),
  );

  app.get(
    '/contents_processing',
    route({
      summary: 'The queued and running processes of the vehicles the caller sees (newest first, bounded)',
      querystring: contentsProcessingQuery,
      response: { 200: contentsProcessingAnswer, ...errorResponses(401, 422) },
    }),
    async (request) => queries.processing(actorOf(request), request.query.content_ids),
  );

  app.get(
    '/contents/transfer-recipients',
    route({
      summary:
        'The users the caller may give vehicles to (the first 30 by name, the caller first); with content_ids, those of the vehicles’ domain who own none of them',
      querystring: transferRecipientsQuery,
      response: { 200: transferRecipientsAnswer, ...errorResponses(401, 403, 404, 422) },
    }),
    async (request) =>
      transfers.recipients(actorOf(request), { q: request.query.q, contentIds: request.query.content_ids }),
  );

  app.post(
    '/contents/transfer/:content_ids/:user_id',
    route({
      summary:
        'Transfer vehicles (one id, or a comma list from a bulk selection) to a user: one queued transfer process each',
      params: transferParams,
      response: { 202: processesStartedAnswer, ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (request, reply) =>
      reply
        .code(202)
        .send(await transfers.transfer(actorOf(request), request.params.content_ids, request.params.user_id)),
  );

  app.post(
    '/normaluser/contents/transfer',
    route({
      summary: "A normal user's transfer (where the domain allows it): the same transfer, the vehicles in the body",
      body: transferBody,
      response: { 202: processesStartedAnswer, ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (request, reply) =>
      reply.code(202).send(await transfers.transfer(actorOf(request), request.body.content_ids, request.body.user_id)),
  );

  app.post(
    '/contents/copy',
    route({
      summary: 'Copy a vehicle for its owner under a new management ID (a queued copy process)',
      body: copyBody,
      response: { 202: processesStartedAnswer, ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (request, reply) => reply.code(202).send(await transfers.copy(actorOf(request), request.body.id)),
  );
};

/** Background processes of vehicles, transfer and copy (first document section 4; second document section 7). */
export async function registerProcessRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(processRoutes, {
    transfers: transferService({ db: ctx.db, jobs: ctx.jobs, store: ctx.store }),
    queries: processQueryService(ctx.db),
  });
}
