import {
  exteriorGroupParams,
  exteriorProcessStartedAnswer,
  exteriorTrimBody,
  exteriorTrimSourceAnswer,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes, GUARDED_EDIT, READ } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { type TrimService, trimService } from './trim-service.ts';

const routes: FastifyPluginAsyncZod<{ trim: TrimService }> = async (app, { trim }) => {
  const route = areaRoutes(app, 'exterior');
  route.get('/exterior/:content_id/rows/:group_id/trim', {
    summary: 'What the trim of a row can use: its kept original video, its length, the row’s frames’ times',
    description:
      'kept is false when the row was made from several videos or its original is no longer kept (the domain’s ' +
      'backup retention): the dealer uploads the video again. 404 for a vehicle or row the caller does not see.',
    params: exteriorGroupParams,
    answer: exteriorTrimSourceAnswer,
    errors: READ,
    run: (actor, { params }) => trim.source(actor, params.content_id, params.group_id),
  });

  route.post('/exterior/:content_id/rows/:group_id/trim', {
    summary: 'Make a row again from a part of its kept original video (a trim): one `multiple` process',
    description:
      'Answers 202 with the process; follow it on the live socket. The row keeps its place; its frames, reading ' +
      'and turn check are those of the part from start_seconds to end_seconds. Refused at once (422 naming the ' +
      'field and rule): end_seconds not after start_seconds (after_start), past the video (within_source), a part ' +
      'shorter than the walk-around minimum (min_duration), the original no longer kept or the row merged from ' +
      'several videos (group_id, source_not_kept: upload again); 409 content_locked while a process locks ' +
      'EXTERIOR.UPLOAD or another spin is being made; 404 for a vehicle or row the caller does not see.',
    params: exteriorGroupParams,
    body: exteriorTrimBody,
    answer: exteriorProcessStartedAnswer,
    accepted: true,
    errors: GUARDED_EDIT,
    run: (actor, { params, body }) => trim.start(actor, params.content_id, params.group_id, body),
  });
};

/** `GET|POST /exterior/{content_id}/rows/{group_id}/trim` (trim-service.ts, trim-work.ts). */
export async function registerTrimRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(routes, {
    trim: trimService({ db: ctx.db, store: ctx.store, media: ctx.media, jobs: ctx.jobs }),
  });
}
