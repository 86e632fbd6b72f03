import path from 'node:path';
import { exteriorCreateBody, exteriorParams, exteriorProcessStartedAnswer } from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes, GUARDED_EDIT } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { type PipelineService, pipelineService } from './pipeline-service.ts';

const routes: FastifyPluginAsyncZod<{ pipeline: PipelineService }> = async (app, { pipeline }) => {
  areaRoutes(app, 'exterior').post('/exterior/:content_id', {
    summary: 'Make the spin from ready uploads: one process (multiple, or exterior_async_upload with the async option)',
    description:
      'Answers 202 with the process; follow it on the live socket. The videos are checked (landscape, at least ' +
      '8 s, the same aspect when merged into one row, readable, within the bounds): a refused video fails the ' +
      'process with its catalogue code and leaves nothing behind. Refused at once: a vehicle not seen (404), a ' +
      'running process locking EXTERIOR.UPLOAD or another spin being made (409 content_locked), an upload not ' +
      'ready (409 invalid_state_transition), an upload not the caller’s on this vehicle or rows beyond the ' +
      'domain’s maximum (422, naming upload_ids or group_order).',
    params: exteriorParams,
    body: exteriorCreateBody,
    answer: exteriorProcessStartedAnswer,
    accepted: true,
    errors: GUARDED_EDIT,
    run: (actor, { params, body }) => pipeline.start(actor, params.content_id, body),
  });
};

/** `POST /exterior/{content_id}`: the exterior pipeline's start (pipeline-service.ts, pipeline-work.ts). */
export async function registerPipelineRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const pipeline = pipelineService({
    db: ctx.db,
    store: ctx.store,
    media: ctx.media,
    jobs: ctx.jobs,
    files: { dir: ctx.uploadDir, pathOf: (id) => path.join(ctx.uploadDir, id) },
  });
  await scope.register(routes, { pipeline });
}
