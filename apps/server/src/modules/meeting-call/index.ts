import { CALL_HOST_RETURN_SECONDS } from '@spinyard/domain';
import { createMeshMedia } from '../../platform/meeting-media/mesh.ts';
import type { AppModule } from '../context.ts';
import { CallRooms } from './rooms.ts';
import { registerCallSocket } from './socket.ts';

export type { MeetingAdmission, MeetingRooms } from './admission.ts';

/**
 * The call of a web negotiation (issue 21): the signaling socket of each meeting's room (rooms.ts, socket.ts). The
 * meetings themselves are the web-negotiation module's, reached only through the MeetingRooms port
 * (admission.ts); the media go browser to browser through the MeetingMedia port (platform/meeting-media). Rooms
 * live in this node's memory: one node serves the calls for now (docs/decisions.md, "Web negotiation: the call").
 */
export const meetingCallModule: AppModule = {
  name: 'meeting-call',
  // The socket authenticates itself with the link's token (its first message): no account, no session.
  async public(scope, ctx) {
    if (!ctx.meetingRooms) return;
    const rooms = new CallRooms({
      rooms: ctx.meetingRooms,
      // The wall clock: a meeting's slot is real time, not the billing calendar's.
      now: () => new Date(),
      media: ctx.meetingMedia ?? createMeshMedia({ iceServers: [] }),
      hostReturnMs: (ctx.callHostReturnSeconds ?? CALL_HOST_RETURN_SECONDS) * 1000,
      log: (message, fields) => scope.log.warn(fields ?? {}, message),
    });
    registerCallSocket(scope, rooms);
  },
};
