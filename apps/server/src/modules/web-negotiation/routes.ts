import {
  hostLinkAnswer,
  meetingInviteeParams,
  meetingVehicleAnswer,
  webNegotiationAnswer,
  webNegotiationBody,
  webNegotiationListAnswer,
  webNegotiationListQuery,
  webNegotiationNotesBody,
  webNegotiationParams,
  webNegotiationSettingsAnswer,
  webNegotiationVehiclesBody,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorRoutes } from '../../http/actor-routes.ts';
import { registerMultipart } from '../../http/multipart-file.ts';
import type { ModuleContext } from '../context.ts';
import { documentRoutes, REFUSALS, TAG } from './documents-routes.ts';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits, meetingDocumentsService } from './documents-service.ts';
import { profileCardService } from './profile-card.ts';
import { meetingScreensService } from './screens-service.ts';
import { meetingsService } from './service.ts';

export { sendDocument } from './documents-routes.ts';

/** The meetings themselves: the spec's /web_negotiation_group and /web_negotiation_groupcontents calls. */
const meetingRoutes: FastifyPluginAsyncZod<{
  meetings: ReturnType<typeof meetingsService>;
  screens: ReturnType<typeof meetingScreensService>;
}> = async (app, { meetings, screens }) => {
  const route = actorRoutes(app, [TAG]);
  const refusals = REFUSALS;
  /** A link to the call (the host's, an invitee's): refused once the meeting is over. */
  const linkAnswer = {
    description: `409 web_negotiation_closed once the meeting is over. ${refusals}`,
    answer: hostLinkAnswer,
    errors: [401, 403, 404, 409, 422],
  };

  route.get('/web_negotiation_group', {
    summary: 'Web negotiations the caller sees, searched and paged, with the interval count and its limit',
    description: `q: words of the title, description, host or invitees; status; from/to: dates of the start. ${refusals}`,
    querystring: webNegotiationListQuery,
    answer: webNegotiationListAnswer,
    errors: [401, 403, 422],
    run: (actor, { query }) => meetings.list(actor, query),
  });

  route.get('/web_negotiation_group/settings', {
    summary: "The caller's meeting rules: participants, max time, vehicles and documents, the interval's count",
    run: (actor) => screens.settings(actor),
    answer: webNegotiationSettingsAnswer,
    errors: [401, 403],
    description: refusals,
  });

  route.post('/web_negotiation_group/:id/invitees/:invitee_id/link', {
    summary: "One invitee's link to the call, to copy: a new one on each ask (the one sent earlier stops working)",
    params: meetingInviteeParams,
    ...linkAnswer,
    run: (actor, { params }) => screens.inviteeLink(actor, params.id, params.invitee_id),
  });

  const saveRules =
    '422 naming the field (starts_at not_in_past, duration_minutes over the max time, invitees.N.email or phone ' +
    'no_duplicates, vehicle_ids max_items, invitees max_items past the participants); 409 web_negotiation_over_limit ' +
    'when the interval count is used up. Invitations leave by mail (with a calendar invitation) and SMS after the save.';

  route.post('/web_negotiation_group', {
    summary: 'Schedule a web negotiation and invite its guests by mail and SMS',
    description: `${saveRules} ${refusals}`,
    body: webNegotiationBody,
    answer: webNegotiationAnswer,
    created: true,
    errors: [401, 403, 409, 422],
    run: (actor, { body }) => meetings.add(actor, body),
  });

  route.get('/web_negotiation_group/:id', {
    summary: 'One web negotiation: vehicles, invitees, documents, memo and evaluation sheet',
    description: refusals,
    params: webNegotiationParams,
    answer: webNegotiationAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { params }) => meetings.detail(actor, params.id),
  });

  route.post('/web_negotiation_group/:id', {
    summary: 'Change a web negotiation that has not started; invitees get the calendar update (next SEQUENCE)',
    description: `409 web_negotiation_running while in call, web_negotiation_closed once over. ${saveRules} ${refusals}`,
    params: webNegotiationParams,
    body: webNegotiationBody,
    answer: webNegotiationAnswer,
    errors: [401, 403, 404, 409, 422],
    run: (actor, { params, body }) => meetings.edit(actor, params.id, body),
  });

  route.delete('/web_negotiation_group/:id', {
    summary: 'Delete a web negotiation; invitees of a meeting still to come get the calendar cancellation',
    description: `409 web_negotiation_running while in call. ${refusals}`,
    params: webNegotiationParams,
    answer: z.object({ deleted: z.literal(true) }),
    errors: [401, 403, 404, 409, 422],
    run: async (actor, { params }) => {
      await meetings.remove(actor, params.id);
      return { deleted: true as const };
    },
  });

  route.post('/web_negotiation_group/:id/notes', {
    summary: 'Save the memo and the evaluation sheet (before, during or after the meeting)',
    description: refusals,
    params: webNegotiationParams,
    body: webNegotiationNotesBody,
    answer: webNegotiationAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { params, body }) => meetings.saveNotes(actor, params.id, body),
  });

  route.post('/web_negotiation_group/:id/host-link', {
    summary: "The host's link to the call: a new one on each ask (the previous one stops working)",
    params: webNegotiationParams,
    ...linkAnswer,
    run: (actor, { params }) => meetings.hostLink(actor, params.id),
  });

  route.get('/web_negotiation_groupcontents/:id', {
    summary: "A web negotiation's reserved vehicles, in order (the web negotiation vehicles screen)",
    description: refusals,
    params: webNegotiationParams,
    answer: z.object({ items: z.array(meetingVehicleAnswer) }),
    errors: [401, 403, 404, 422],
    run: (actor, { params }) => meetings.vehicles(actor, params.id),
  });

  route.post('/web_negotiation_groupcontents/:id', {
    summary: "Set a web negotiation's reserved vehicles (at most the maximum, vehicles the caller sees)",
    description: `409 web_negotiation_running or web_negotiation_closed. ${refusals}`,
    params: webNegotiationParams,
    body: webNegotiationVehiclesBody,
    answer: z.object({ items: z.array(meetingVehicleAnswer) }),
    errors: [401, 403, 404, 409, 422],
    run: (actor, { params, body }) => meetings.setVehicles(actor, params.id, body.vehicle_ids),
  });
};

export async function registerWebNegotiationRoutes(
  scope: FastifyInstance,
  ctx: ModuleContext,
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
): Promise<void> {
  const log = (msg: string, fields: Record<string, unknown>) => scope.log.warn(fields, msg);
  const deps = { db: ctx.db, mail: ctx.mail, sms: ctx.sms, publicUrl: ctx.publicUrl, log };
  const meetings = meetingsService(deps);
  await scope.register(meetingRoutes, { meetings, screens: meetingScreensService(deps, limits) });
  await scope.register(async (plain) => {
    await registerMultipart(plain);
    await plain.register(documentRoutes, {
      documents: meetingDocumentsService({ db: ctx.db, store: ctx.store, limits }),
      cards: profileCardService({ db: ctx.db, store: ctx.store }),
      limits,
    });
  });
}
