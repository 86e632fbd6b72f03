/**
 * What the call (signaling, the shared view) needs from the meetings it connects, and nothing more: the meetings
 * module (web negotiations: scheduling, links, invitations) implements it over its tables, the call module only
 * calls it. Kept as a port so the call never reads another module's tables and the meetings module never knows
 * about sockets.
 */

/** Who a link lets in, as the call needs it. */
export interface MeetingAdmission {
  meetingId: string;
  /** The tenant the meeting belongs to: every message and document stays inside it. */
  domainId: string;
  role: 'host' | 'guest';
  /** Stable per link: a participant who drops out and comes back is the same participant in the same room. */
  participantId: string;
  displayName: string;
  /** The meeting's participant limit from the spec's grouptalk mapping (2, 3 or 4). */
  maxParticipants: 2 | 3 | 4;
  startsAt: Date;
  endsAt: Date;
  /** The vehicles reserved for the meeting, in order: the shared 360 view opens these. */
  vehicles: readonly { contentId: string; shortId: string | null }[];
}

export type AdmissionRefusal = 'unknown_link' | 'not_started' | 'ended' | 'deleted';

export interface MeetingRooms {
  /** The meeting and role a link's token opens now, or why it opens nothing. Never throws for a bad token. */
  admit(token: string, now: Date): Promise<MeetingAdmission | { refused: AdmissionRefusal }>;
  /** The host left or the time ran out: the meeting moves to ended (idempotent). */
  markEnded(meetingId: string, reason: 'host_left' | 'time_up'): Promise<void>;
  /** The room's state for the meetings list (open while someone is in it). Idempotent. */
  markRoomOpen(meetingId: string): Promise<void>;
}
