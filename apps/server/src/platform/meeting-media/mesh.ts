import { createHmac } from 'node:crypto';
import { CALL_MESH_MAX, type CallIceServer } from '@spinyard/domain';
import type { MeetingMedia, MeetingMediaSettings } from './port.ts';

/** A TURN credential lives until the meeting's end and an hour past it (a call may run over its slot). */
const TURN_GRACE_SECONDS = 3600;

/**
 * The TURN REST API's time-limited credential (draft-uberti-behave-turn-rest, as coturn's `use-auth-secret`
 * checks it): the user name is `expiry:participant`, the password its HMAC-SHA1 under the shared secret.
 */
export function turnUsername(participantId: string, expiresAt: Date): string {
  return `${Math.floor(expiresAt.getTime() / 1000)}:${participantId}`;
}

export function turnPassword(secret: string, username: string): string {
  return createHmac('sha1', secret).update(username).digest('base64');
}

/** The browsers' mesh: the default media, with no server of its own. */
export function createMeshMedia(settings: MeetingMediaSettings): MeetingMedia {
  return {
    name: 'mesh',
    maxParticipants: CALL_MESH_MAX,
    connectionFor(room, now) {
      const servers: CallIceServer[] = [...settings.iceServers];
      const turn = settings.turn;
      if (turn) {
        const expires = new Date(Math.max(room.endsAt.getTime(), now.getTime()) + TURN_GRACE_SECONDS * 1000);
        const username = turnUsername(room.participantId, expires);
        servers.push({ urls: turn.urls, username, credential: turnPassword(turn.secret, username) });
      }
      return { kind: 'mesh', ice_servers: servers };
    },
  };
}
