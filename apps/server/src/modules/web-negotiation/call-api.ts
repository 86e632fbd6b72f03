import {
  meetingNotesAnswer,
  meetingVehicleParams,
  viewerAccessAnswer,
  webNegotiationNotesBody,
  webNegotiationParams,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { ViewerService } from '../publishing/viewer-service.ts';
import { admissionOf, MEETING_API, MEETING_API_TAG, tokenHeaders, tokenQuery } from './meeting-api.ts';
import { participantService } from './participant-service.ts';

/**
 * The participants' API as the call page uses it beyond reading (issue 21's remainders): a reserved vehicle's
 * viewer token, and the host's memo and evaluation sheet. The link's token in `x-meeting-token`.
 */
const routes: FastifyPluginAsyncZod<{ db: Db; viewer: Pick<ViewerService, 'grant'> }> = async (app, { db, viewer }) => {
  const { participant } = admissionOf(db);
  const participants = participantService({ db, viewer });
  const byToken = { querystring: tokenQuery, headers: tokenHeaders };
  const hostNotes = "The host's link only (a guest's: 403 forbidden); 404 for a token of another meeting.";

  app.post(
    `${MEETING_API}/meetings/:id/vehicles/:content_id/access`,
    {
      schema: {
        tags: [MEETING_API_TAG],
        summary:
          "A viewer token for one of the meeting's reserved vehicles (a limited publication without its password)",
        description:
          'The meeting admits its participants to its vehicles: the token opens /v/{short_id}/manifest.json (Bearer). ' +
          '404 for a vehicle the meeting did not reserve or a token of another meeting.',
        params: meetingVehicleParams,
        ...byToken,
        response: { 200: viewerAccessAnswer, ...errorResponses(404, 409, 410, 422) },
      },
    },
    async (request, reply) => {
      const a = await participant(request, request.params.id);
      reply.header('cache-control', 'no-store');
      return participants.vehicleAccess(a, request.params.content_id, request.host);
    },
  );

  app.get(
    `${MEETING_API}/meetings/:id/notes`,
    {
      schema: {
        tags: [MEETING_API_TAG],
        summary: "The meeting's memo and evaluation sheet, for the host in the call",
        description: hostNotes,
        params: webNegotiationParams,
        ...byToken,
        response: { 200: meetingNotesAnswer, ...errorResponses(403, 404, 409, 422) },
      },
    },
    async (request) => participants.notes(await participant(request, request.params.id)),
  );

  app.post(
    `${MEETING_API}/meetings/:id/notes`,
    {
      schema: {
        tags: [MEETING_API_TAG],
        summary: "Save the meeting's memo and evaluation sheet from the call (the host's link only)",
        description: `${hostNotes} 422 naming the field (memo max_length, evaluation.score).`,
        params: webNegotiationParams,
        body: webNegotiationNotesBody,
        ...byToken,
        response: { 200: meetingNotesAnswer, ...errorResponses(403, 404, 409, 422) },
      },
    },
    async (request) => participants.saveNotes(await participant(request, request.params.id), request.body),
  );
};

export async function registerCallApi(
  scope: FastifyInstance,
  deps: { db: Db; viewer: Pick<ViewerService, 'grant'> },
): Promise<void> {
  await scope.register(routes, deps);
}
