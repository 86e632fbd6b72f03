import type { AppModule } from '../context.ts';
import { viewerService } from '../publishing/viewer-service.ts';
import { registerCallApi } from './call-api.ts';
import { webNegotiationJobs } from './jobs.ts';
import { registerMeetingApi } from './meeting-api.ts';
import { registerWebNegotiationRoutes } from './routes.ts';

export { meetingRooms } from './rooms.ts';

/**
 * Web negotiations (issue 21): meetings with buyers about vehicles — scheduling under the spec's rules, invitations
 * by mail (with a calendar invitation) and SMS, reminders, documents, memo and evaluation sheet, the links a call
 * admits (`meetingRooms`, the port of meeting-call/admission.ts) and the participants' remote-meeting API.
 */
export const webNegotiationModule: AppModule = {
  name: 'web-negotiation',
  async public(scope, ctx) {
    await registerMeetingApi(scope, { db: ctx.db, store: ctx.store });
    await registerCallApi(scope, { db: ctx.db, viewer: viewerService({ db: ctx.db, store: ctx.store, hosts: ctx }) });
  },
  contentApi: (scope, ctx) => registerWebNegotiationRoutes(scope, ctx, ctx.meetingDocuments),
  jobs: webNegotiationJobs,
};
