import {
  contentAnswer,
  contentBulkDeleteAnswer,
  contentBulkDeleteBody,
  contentCreateBody,
  contentDeleteQuery,
  contentFlagBody,
  contentsLimitAnswer,
  contentUpdateBody,
  developmentViewPositionBody,
  developmentViewSymbolsAnswer,
  extendInfoBody,
  idParams,
  inspectionBody,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import { areaRoute, EDIT_REFUSALS, READ_REFUSALS } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { type ContentFlag, type ContentService, contentService } from './content-service.ts';
import { type PublicationService, publicationService } from './publication-service.ts';

const route = areaRoute('contents');

/** The one-switch calls of the spec and the flag each sets. */
const FLAG_PATHS: readonly { path: string; flag: ContentFlag; what: string }[] = [
  { path: '/contents/defect_display', flag: 'defect_display', what: 'Show the defect list to buyers, or not' },
  {
    path: '/contents/development_view_disp',
    flag: 'development_view_display',
    what: 'Show the development view (damage map) to buyers, or not',
  },
  {
    path: '/contents/cs-car-inspection-display',
    flag: 'inspection_data_display',
    what: "Show the inspector's input to buyers, or not",
  },
];

// `/contents/public/{id}` is publishing's (modules/publishing/routes.ts): it builds the manifest as it publishes.
const PUBLICATION_PATHS: readonly {
  path: string;
  call: (p: PublicationService) => PublicationService['unpublish'];
  what: string;
}[] = [
  { path: '/contents/private/:id', call: (p) => p.unpublish, what: 'Unpublish' },
  { path: '/contents/sleep/:id', call: (p) => p.sleep, what: 'Put to sleep: kept, hidden from buyers, not counted' },
  { path: '/contents/wakeup/:id', call: (p) => p.wake, what: 'Wake up (unpublished); checks the vehicle limits' },
  { path: '/contents/restore/:id', call: (p) => p.restore, what: 'Restore a deleted vehicle; checks the limits' },
];

const contentRoutes: FastifyPluginAsyncZod<{ contents: ContentService; publication: PublicationService }> = async (
  app,
  { contents, publication },
) => {
  app.post(
    '/contents',
    route({
      summary: 'Register a vehicle (owned by the caller; management ID unique in the domain; within the limits)',
      body: contentCreateBody,
      response: { 201: contentAnswer, ...errorResponses(401, 403, 409, 422) },
    }),
    async (request, reply) => reply.code(201).send(await contents.create(actorOf(request), request.body)),
  );

  app.get(
    '/contents/:id',
    route({
      summary: 'One vehicle the caller can see, with its running processes',
      params: idParams,
      response: { 200: contentAnswer, ...READ_REFUSALS },
    }),
    async (request) => contents.get(actorOf(request), request.params.id),
  );

  app.post(
    '/contents/:id',
    route({
      summary:
        'Edit a vehicle (the whole record; an empty limited password keeps the stored one). Not while deleted, linked to the listing service or locked by a process',
      params: idParams,
      body: contentUpdateBody,
      response: { 200: contentAnswer, ...EDIT_REFUSALS },
    }),
    async (request) => contents.update(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/contents/extendinfo',
    route({
      summary: 'Basic info of a vehicle and which of it buyers see',
      body: extendInfoBody,
      response: { 200: contentAnswer, ...EDIT_REFUSALS },
    }),
    async (request) => contents.extendInfo(actorOf(request), request.body),
  );

  for (const { path, flag, what } of FLAG_PATHS) {
    app.post(
      path,
      route({ summary: what, body: contentFlagBody, response: { 200: contentAnswer, ...EDIT_REFUSALS } }),
      async (request) => contents.setFlag(actorOf(request), request.body.id, flag, request.body.display),
    );
  }

  app.post(
    '/contents/development_view_position',
    route({
      summary: 'Where the development view shows: inside or outside the 360 content',
      body: developmentViewPositionBody,
      response: { 200: contentAnswer, ...EDIT_REFUSALS },
    }),
    async (request) => contents.setDevelopmentViewPosition(actorOf(request), request.body.id, request.body.position),
  );

  app.post(
    '/contents/cs-car-inspection',
    route({
      summary: "Save the inspector's input: marks on the development view's panels, name, date, comment",
      body: inspectionBody,
      response: { 200: contentAnswer, ...EDIT_REFUSALS },
    }),
    async (request) => {
      const { id, ...data } = request.body;
      return contents.saveInspection(actorOf(request), id, data);
    },
  );

  app.get(
    '/contents/:id/cs-car-inspection/development-view-number-to-symbol',
    route({
      summary: "Panel number (1-based) to the symbols the damage map prints there, from the vehicle's marks",
      params: idParams,
      response: { 200: developmentViewSymbolsAnswer, ...READ_REFUSALS },
    }),
    async (request) => contents.developmentViewSymbols(actorOf(request), request.params.id),
  );

  app.get(
    '/check_contents_limit',
    route({
      summary: 'Whether the caller may register one more vehicle, and the tightest of their limits',
      response: { 200: contentsLimitAnswer, ...errorResponses(401) },
    }),
    async (request) => contents.limit(actorOf(request)),
  );

  // ---- Publication --------------------------------------------------------------------------------------------

  for (const { path, call, what } of PUBLICATION_PATHS) {
    app.post(
      path,
      route({
        summary: what,
        params: idParams,
        response: { 200: contentAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      }),
      async (request) => call(publication)(actorOf(request), request.params.id),
    );
  }

  for (const on of [true, false]) {
    app.post(
      `/contents/vrmode/${on ? 'on' : 'off'}/:id`,
      route({
        summary: `Turn VR mode ${on ? 'on' : 'off'}`,
        params: idParams,
        response: { 200: contentAnswer, ...EDIT_REFUSALS },
      }),
      async (request) => publication.setVrMode(actorOf(request), request.params.id, on),
    );
  }

  app.delete(
    '/contents/:id',
    route({
      summary: 'Delete a vehicle (soft: it can be restored); deleteType=hard deletes a deleted vehicle for good',
      params: idParams,
      querystring: contentDeleteQuery,
      response: { 200: contentBulkDeleteAnswer, ...EDIT_REFUSALS },
    }),
    async (request) => publication.delete(actorOf(request), request.params.id, request.query.deleteType === 'hard'),
  );

  app.post(
    '/contents/delete/bulk',
    route({
      summary:
        'Delete several vehicles, all or none: cancelled when any of them is being processed (bulk_delete_cancelled)',
      body: contentBulkDeleteBody,
      response: { 200: contentBulkDeleteAnswer, ...EDIT_REFUSALS },
    }),
    async (request) => publication.deleteBulk(actorOf(request), request.body.ids, request.body.delete_type === 'hard'),
  );
};

/** Vehicle create, read, update, the one-switch calls, publication and the limit check. */
export async function registerContentRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(contentRoutes, {
    contents: contentService({ db: ctx.db }),
    publication: publicationService({ db: ctx.db }),
  });
}
