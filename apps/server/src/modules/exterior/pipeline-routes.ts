import path from 'node:path';
import { exteriorCreateBody, exteriorParams, exteriorProcessStartedAnswer } from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import { areaRoute } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { type PipelineService, pipelineService } from './pipeline-service.ts';

const route = areaRoute('exterior');

const routes: FastifyPluginAsyncZod<{ pipeline: PipelineService }> = async (app, { pipeline }) => {
  app.post(
    '/exterior/:content_id',
    route({
      summary:
        'Make the spin from ready uploads: one process (multiple, or exterior_async_upload with the async option)',
      description:
        'Answers 202 with the process; follow it on the live socket. The videos are checked (landscape, at least ' +
        '8 s, the same aspect when merged into one row, readable, within the bounds): a refused video fails the ' +
        'process with its catalogue code and leaves nothing behind. Refused at once: a vehicle not seen (404), a ' +
        'running process locking EXTERIOR.UPLOAD or another spin being made (409 content_locked), an upload not ' +
        'ready (409 invalid_state_transition), an upload not the caller’s on this vehicle or rows beyond the ' +
        'domain’s maximum (422, naming upload_ids or group_order).',
      params: exteriorParams,
      body: exteriorCreateBody,
      response: { 202: exteriorProcessStartedAnswer, ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (request, reply) => {
      const answer = await pipeline.start(actorOf(request), request.params.content_id, request.body);
      return reply.code(202).send(answer);
    },
  );
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
