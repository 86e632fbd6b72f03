import {
  analyticsSettingsAnswer,
  analyticsSettingsBody,
  analyticsSettingsQuery,
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
import { areaRoutes, EDIT, GUARDED_EDIT, READ } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { type AnalyticsService, analyticsService } from './analytics-service.ts';
import { type ContentFlag, type ContentService, contentService } from './content-service.ts';
import { type PublicationService, publicationService } from './publication-service.ts';

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

const contentRoutes: FastifyPluginAsyncZod<{
  contents: ContentService;
  publication: PublicationService;
  analytics: AnalyticsService;
}> = async (app, { contents, publication, analytics }) => {
  const route = areaRoutes(app, 'contents');

  route.post('/contents', {
    summary: 'Register a vehicle (owned by the caller; management ID unique in the domain; within the limits)',
    body: contentCreateBody,
    answer: contentAnswer,
    created: true,
    errors: [401, 403, 409, 422],
    run: (actor, { body }) => contents.create(actor, body),
  });

  route.get('/contents/:id', {
    summary: 'One vehicle the caller can see, with its running processes',
    params: idParams,
    answer: contentAnswer,
    errors: READ,
    run: (actor, { params }) => contents.get(actor, params.id),
  });

  route.post('/contents/:id', {
    summary:
      'Edit a vehicle (the whole record; an empty limited password keeps the stored one). Not while deleted, linked to the listing service or locked by a process',
    params: idParams,
    body: contentUpdateBody,
    answer: contentAnswer,
    errors: EDIT,
    run: (actor, { params, body }) => contents.update(actor, params.id, body),
  });

  route.post('/contents/extendinfo', {
    summary: 'Basic info of a vehicle and which of it buyers see',
    body: extendInfoBody,
    answer: contentAnswer,
    errors: EDIT,
    run: (actor, { body }) => contents.extendInfo(actor, body),
  });

  for (const { path, flag, what } of FLAG_PATHS) {
    route.post(path, {
      summary: what,
      body: contentFlagBody,
      answer: contentAnswer,
      errors: EDIT,
      run: (actor, { body }) => contents.setFlag(actor, body.id, flag, body.display),
    });
  }

  route.post('/contents/development_view_position', {
    summary: 'Where the development view shows: inside or outside the 360 content',
    body: developmentViewPositionBody,
    answer: contentAnswer,
    errors: EDIT,
    run: (actor, { body }) => contents.setDevelopmentViewPosition(actor, body.id, body.position),
  });

  route.post('/contents/cs-car-inspection', {
    summary: "Save the inspector's input: marks on the development view's panels, name, date, comment",
    body: inspectionBody,
    answer: contentAnswer,
    errors: EDIT,
    run: (actor, { body: { id, ...data } }) => contents.saveInspection(actor, id, data),
  });

  route.get('/contents/:id/cs-car-inspection/development-view-number-to-symbol', {
    summary: "Panel number (1-based) to the symbols the damage map prints there, from the vehicle's marks",
    params: idParams,
    answer: developmentViewSymbolsAnswer,
    errors: READ,
    run: (actor, { params }) => contents.developmentViewSymbols(actor, params.id),
  });

  route.get('/analytics_settings', {
    summary: "The vehicle's analytics tag: on or off, its id, whether the domain's option lets buyers' pages run it",
    querystring: analyticsSettingsQuery,
    answer: analyticsSettingsAnswer,
    errors: READ,
    run: (actor, { query }) => analytics.get(actor, query.contentsID),
  });

  route.post('/analytics_settings', {
    summary: "Set the vehicle's analytics tag (the record's analytics_tag_enabled and analytics_tag, nothing else)",
    description:
      '422 validation_failed names the field and rule: tag format (G-, GT-, AW-, UA-, DC- ids), tag required ' +
      "(turned on without an id), enabled requires (the domain's analytics option is off; turning it off always " +
      'goes). A published vehicle is built again at once. Not while deleted, linked or locked by a process (409).',
    body: analyticsSettingsBody,
    answer: analyticsSettingsAnswer,
    errors: EDIT,
    run: (actor, { body }) => analytics.set(actor, body),
  });

  route.get('/check_contents_limit', {
    summary: 'Whether the caller may register one more vehicle, and the tightest of their limits',
    answer: contentsLimitAnswer,
    errors: [401],
    run: (actor) => contents.limit(actor),
  });

  // ---- Publication --------------------------------------------------------------------------------------------

  for (const { path, call, what } of PUBLICATION_PATHS) {
    route.post(path, {
      summary: what,
      params: idParams,
      answer: contentAnswer,
      errors: GUARDED_EDIT,
      run: (actor, { params }) => call(publication)(actor, params.id),
    });
  }

  for (const on of [true, false]) {
    route.post(`/contents/vrmode/${on ? 'on' : 'off'}/:id`, {
      summary: `Turn VR mode ${on ? 'on' : 'off'}`,
      params: idParams,
      answer: contentAnswer,
      errors: EDIT,
      run: (actor, { params }) => publication.setVrMode(actor, params.id, on),
    });
  }

  route.delete('/contents/:id', {
    summary: 'Delete a vehicle (soft: it can be restored); deleteType=hard deletes a deleted vehicle for good',
    params: idParams,
    querystring: contentDeleteQuery,
    answer: contentBulkDeleteAnswer,
    errors: EDIT,
    run: (actor, { params, query }) => publication.delete(actor, params.id, query.deleteType === 'hard'),
  });

  route.post('/contents/delete/bulk', {
    summary:
      'Delete several vehicles, all or none: cancelled when any of them is being processed (bulk_delete_cancelled)',
    body: contentBulkDeleteBody,
    answer: contentBulkDeleteAnswer,
    errors: EDIT,
    run: (actor, { body }) => publication.deleteBulk(actor, body.ids, body.delete_type === 'hard'),
  });
};

/** Vehicle create, read, update, the one-switch calls, the analytics tag, publication and the limit check. */
export async function registerContentRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(contentRoutes, {
    contents: contentService({ db: ctx.db }),
    publication: publicationService({ db: ctx.db }),
    analytics: analyticsService({ db: ctx.db }),
  });
}
