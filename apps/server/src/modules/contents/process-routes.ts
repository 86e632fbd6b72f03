import {
  contentsProcessingAnswer,
  contentsProcessingQuery,
  copyBody,
  idParams,
  isProcessingAnswer,
  oneProcessAnswer,
  oneProcessParams,
  processesStartedAnswer,
  recentProcessesAnswer,
  transferBody,
  transferParams,
  transferRecipientsAnswer,
  transferRecipientsQuery,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes, GUARDED_EDIT, READ } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { processQueryService } from './process-query-service.ts';
import { type TransferService, transferService } from './transfer-service.ts';

const processRoutes: FastifyPluginAsyncZod<{
  transfers: TransferService;
  queries: ReturnType<typeof processQueryService>;
}> = async (app, { transfers, queries }) => {
  const route = areaRoutes(app, 'contents');

  route.get('/contents/is_processing/:id', {
    summary: 'Whether a background process runs on the vehicle, and which (queued or running)',
    params: idParams,
    answer: isProcessingAnswer,
    errors: READ,
    run: (actor, { params }) => queries.isProcessing(actor, params.id),
  });

  route.get('/contents/process/:id/:process_id', {
    summary: 'One background process of the vehicle, running or ended: its status, progress and error',
    params: oneProcessParams,
    answer: oneProcessAnswer,
    errors: READ,
    run: (actor, { params }) => queries.one(actor, params.id, params.process_id),
  });

  route.get('/contents/recent_processes/:id', {
    summary: "The vehicle's latest background runs, ended ones included (newest first, at most 50)",
    params: idParams,
    answer: recentProcessesAnswer,
    errors: READ,
    run: (actor, { params }) => queries.recent(actor, params.id),
  });

  route.get('/contents_processing', {
    summary: 'The queued and running processes of the vehicles the caller sees (newest first, bounded)',
    querystring: contentsProcessingQuery,
    answer: contentsProcessingAnswer,
    errors: [401, 422],
    run: (actor, { query }) => queries.processing(actor, query.content_ids),
  });

  route.get('/contents/transfer-recipients', {
    summary:
      'The users the caller may give vehicles to (the first 30 by name, the caller first); with content_ids, those of the vehicles’ domain who own none of them',
    querystring: transferRecipientsQuery,
    answer: transferRecipientsAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { query }) => transfers.recipients(actor, { q: query.q, contentIds: query.content_ids }),
  });

  route.post('/contents/transfer/:content_ids/:user_id', {
    summary:
      'Transfer vehicles (one id, or a comma list from a bulk selection) to a user: one queued transfer process each',
    params: transferParams,
    answer: processesStartedAnswer,
    accepted: true,
    errors: GUARDED_EDIT,
    run: (actor, { params }) => transfers.transfer(actor, params.content_ids, params.user_id),
  });

  route.post('/normaluser/contents/transfer', {
    summary: "A normal user's transfer (where the domain allows it): the same transfer, the vehicles in the body",
    body: transferBody,
    answer: processesStartedAnswer,
    accepted: true,
    errors: GUARDED_EDIT,
    run: (actor, { body }) => transfers.transfer(actor, body.content_ids, body.user_id),
  });

  route.post('/contents/copy', {
    summary: 'Copy a vehicle for its owner under a new management ID (a queued copy process)',
    body: copyBody,
    answer: processesStartedAnswer,
    accepted: true,
    errors: GUARDED_EDIT,
    run: (actor, { body }) => transfers.copy(actor, body.id),
  });
};

/** Background processes of vehicles, transfer and copy (first document section 4; second document section 7). */
export async function registerProcessRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(processRoutes, {
    transfers: transferService({ db: ctx.db, jobs: ctx.jobs, store: ctx.store }),
    queries: processQueryService(ctx.db),
  });
}
