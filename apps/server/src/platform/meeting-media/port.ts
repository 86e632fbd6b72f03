import type { CallMediaAnswer } from '@spinyard/domain';

/**
 * How the participants of a meeting carry their media. The default is the browsers' own mesh (each sends to each
 * of the 2 to 4 others over WebRTC, the server relays only the negotiation): nothing to run beside the server. An
 * SFU (LiveKit, mediasoup) is the path past 4 people: its adapter answers `{ kind: 'sfu', url, token }` and the
 * call page connects to it instead of to each peer (docs/architecture.md, "The call").
 */
export interface MeetingMedia {
  readonly name: string;
  /** The most participants this media carries in one room; the room's own limit is the lower of the two. */
  readonly maxParticipants: number;
  /** What one participant's browser needs to connect: the STUN and TURN servers, or the SFU and its token. */
  connectionFor(room: { meetingId: string; participantId: string; endsAt: Date }, now: Date): CallMediaAnswer;
}

export interface MeetingMediaSettings {
  /** STUN and TURN servers handed to every browser as they are (SPINYARD_ICE_SERVERS). */
  iceServers: CallMediaAnswer['ice_servers'];
  /**
   * A TURN server sharing a secret with Spinyard (coturn's `use-auth-secret`): each participant gets a credential
   * of its own that expires with the meeting, so a credential copied out of a page is worth nothing after it.
   */
  turn?: { urls: string[]; secret: string } | undefined;
}
