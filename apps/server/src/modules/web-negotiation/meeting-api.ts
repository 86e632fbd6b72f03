import {
  meetingAdmissionAnswer,
  meetingDocumentParams,
  meetingForParticipantAnswer,
  meetingRoomAnswer,
  meetingTokenBody,
  meetingUsersAnswer,
  webNegotiationParams,
} from '@spinyard/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import type { AdmissionRefusal, MeetingAdmission } from '../meeting-call/admission.ts';
import { documentAnswer, roomStatusOf, stateOf, vehicleAnswer } from './answers.ts';
import { documentsRepo } from './documents-repo.ts';
import { sendDocument } from './documents-routes.ts';
import { openDocument } from './documents-service.ts';
import { meetingsRepo } from './repo.ts';
import { meetingRooms } from './rooms.ts';

/** The remote-meeting API's prefix (second document section 7: /meetings, rooms, documents, /token, /users). */
export const MEETING_API = '/api/meeting/v0';
export const MEETING_API_TAG = 'remote meeting';
const TAG = MEETING_API_TAG;
/** Where a participant's link token travels: this header, or `?token=` for a plain download link. */
export const MEETING_TOKEN_HEADER = 'x-meeting-token';

const REFUSAL_ERRORS: Record<AdmissionRefusal, () => AppError> = {
  unknown_link: () => new AppError('not_found'),
  not_started: () => new AppError('web_negotiation_not_started'),
  ended: () => new AppError('web_negotiation_closed'),
  deleted: () => new AppError('web_negotiation_closed'),
};

export const tokenQuery = z.object({ token: z.string().max(200).optional() });
export const tokenHeaders = z.object({ [MEETING_TOKEN_HEADER]: z.string().max(200).optional() });

/** A link's admission, and the participant of meeting `id` by the token of a request (any other meeting: 404). */
export function admissionOf(db: Db) {
  const rooms = meetingRooms(db);
  async function admitted(token: string | undefined): Promise<MeetingAdmission> {
    const outcome = await rooms.admit(token ?? '', new Date());
    if ('refused' in outcome) throw REFUSAL_ERRORS[outcome.refused]();
    return outcome;
  }
  async function participant(request: FastifyRequest, id: string): Promise<MeetingAdmission> {
    const header = request.headers[MEETING_TOKEN_HEADER];
    const query = (request.query ?? {}) as { token?: string };
    const admission = await admitted(typeof header === 'string' ? header : query.token);
    if (admission.meetingId !== id) throw new AppError('not_found');
    return admission;
  }
  return { admitted, participant };
}

/**
 * The participants' side of a meeting, reached with a link's token only (no account): what the link opens
 * (`/token`), the meeting with its documents and vehicles, its room, its people, and the documents' files. A token
 * of another meeting is refused as an unknown one (404); an ended or deleted meeting's link opens nothing (409).
 * The call page's writes and vehicle tokens: call-api.ts.
 */
const routes: FastifyPluginAsyncZod<{ db: Db; store: BlobStore }> = async (app, { db, store }) => {
  const repo = meetingsRepo(db);
  const { admitted, participant } = admissionOf(db);

  app.post(
    `${MEETING_API}/token`,
    {
      schema: {
        tags: [TAG],
        summary: "Exchange a meeting link's token for what it opens now: the meeting, the role and the participant",
        description:
          'Open from 10 minutes before the start to the end of the slot or of the call. 404 unknown link; ' +
          '409 web_negotiation_not_started (too early), web_negotiation_closed (ended or deleted).',
        body: meetingTokenBody,
        response: { 200: meetingAdmissionAnswer, ...errorResponses(404, 409, 422) },
      },
    },
    async (request) => {
      const a = await admitted(request.body.token);
      return {
        meeting_id: a.meetingId,
        role: a.role,
        participant_id: a.participantId,
        display_name: a.displayName,
        max_participants: a.maxParticipants,
        starts_at: a.startsAt.toISOString(),
        ends_at: a.endsAt.toISOString(),
        vehicles: a.vehicles.map((v) => ({ content_id: v.contentId, short_id: v.shortId })),
      };
    },
  );

  const read = (summary: string, response: z.ZodType) => ({
    schema: {
      tags: [TAG],
      summary,
      description: `The link's token in the ${MEETING_TOKEN_HEADER} header (or ?token=). 404 for a token of another meeting.`,
      params: webNegotiationParams,
      querystring: tokenQuery,
      headers: tokenHeaders,
      response: { 200: response, ...errorResponses(404, 409, 422) },
    },
  });

  app.get(
    `${MEETING_API}/meetings/:id`,
    read('The meeting as its participants see it', meetingForParticipantAnswer),
    async (request) => {
      const { id } = request.params;
      await participant(request, id);
      const m = await repo.byId(id);
      if (!m) throw new AppError('not_found');
      const status = stateOf(m, new Date());
      return {
        id: m.id,
        title: m.title,
        description: m.description,
        status,
        room_status: roomStatusOf(m, status),
        starts_at: m.starts_at.toISOString(),
        ends_at: new Date(m.starts_at.getTime() + m.duration_minutes * 60_000).toISOString(),
        host_name: m.host_name ?? '',
        documents: (await documentsRepo(db).of(id)).map((d) => ({
          ...documentAnswer(d),
          url: `${MEETING_API}/meetings/${id}/documents/${d.id}`,
        })),
        vehicles: (await repo.vehiclesOf(id)).map(vehicleAnswer),
      };
    },
  );

  app.get(
    `${MEETING_API}/meetings/:id/rooms`,
    read("The meeting's room and its status", meetingRoomAnswer),
    async (request) => {
      const a = await participant(request, request.params.id);
      const m = await repo.byId(a.meetingId);
      if (!m) throw new AppError('not_found');
      const status = roomStatusOf(m, stateOf(m, new Date()));
      return { rooms: [{ id: m.id, status, max_participants: a.maxParticipants }] };
    },
  );

  app.get(
    `${MEETING_API}/meetings/:id/users`,
    read('The people of the meeting: the host and the guests', meetingUsersAnswer),
    async (request) => {
      const a = await participant(request, request.params.id);
      const m = await repo.byId(a.meetingId);
      const invitees = await repo.inviteesOf(a.meetingId);
      return {
        users: [
          { participant_id: `host-${a.meetingId}`, role: 'host' as const, name: m?.host_name ?? '' },
          ...invitees.map((i) => ({ participant_id: `guest-${i.id}`, role: 'guest' as const, name: i.name })),
        ],
      };
    },
  );

  app.get(
    `${MEETING_API}/meetings/:id/documents/:document_id`,
    {
      schema: {
        tags: [TAG],
        summary: "Download a meeting document with a participant's link token",
        params: meetingDocumentParams,
        querystring: tokenQuery,
        headers: tokenHeaders,
        response: errorResponses(404, 409, 422),
      },
    },
    async (request, reply) => {
      await participant(request, request.params.id);
      const row = await documentsRepo(db).one(request.params.id, request.params.document_id);
      return sendDocument(reply, await openDocument({ store }, row));
    },
  );
};

export async function registerMeetingApi(scope: FastifyInstance, deps: { db: Db; store: BlobStore }): Promise<void> {
  await scope.register(routes, deps);
}
