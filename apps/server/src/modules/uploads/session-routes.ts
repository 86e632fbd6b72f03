import {
  exteriorParams,
  uploadSessionAnswer,
  uploadSessionCancelAnswer,
  uploadSessionCancelQuery,
  uploadSessionQuery,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes } from '../area-routes.ts';
import type { UploadSessionService } from './session-service.ts';

/** The exterior upload session's two calls (session-service.ts). */
export const sessionRoutes: FastifyPluginAsyncZod<{ sessions: UploadSessionService }> = async (app, { sessions }) => {
  areaRoutes(app, 'uploads').get('/session/start', {
    summary: 'Open an exterior upload session on the vehicle: its id, expiry and the upload limits in force',
    description:
      'The console opens one when the exterior editor opens; every upload the user starts on the vehicle from ' +
      'then on belongs to it (DELETE /exterior/{id}/session cancels them). 404 for a vehicle the caller does not ' +
      'see, 409 invalid_state_transition (restore_first) for a deleted one.',
    querystring: uploadSessionQuery,
    answer: uploadSessionAnswer,
    errors: [401, 404, 409, 422],
    run: (actor, { query }) => sessions.start(actor, query.contentsID),
  });

  areaRoutes(app, 'uploads').delete('/exterior/:content_id/session', {
    summary: 'Cancel an upload session: its uploads the spin has not taken are canceled and their bytes deleted',
    description:
      'Uploads the pipeline has taken already are left to it (listed as taken). A session of another user or ' +
      'vehicle, forged or expired: 404 not_found (params.reason upload_session_not_found); 422 for a malformed id.',
    params: exteriorParams,
    querystring: uploadSessionCancelQuery,
    answer: uploadSessionCancelAnswer,
    errors: [401, 404, 422],
    run: (actor, { params, query }) => sessions.cancel(actor, params.content_id, query.sessionID),
  });
};
