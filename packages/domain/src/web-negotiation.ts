import { ALLOWED, checkByTable, refused, type TransitionCheck, type TransitionTable } from './transition.ts';

/** A web negotiation (remote meeting about vehicles), first document section 4. */
export const WEB_NEGOTIATION_STATES = ['waiting', 'in_call', 'expired', 'ended'] as const;
export type WebNegotiationState = (typeof WEB_NEGOTIATION_STATES)[number];

/**
 * waiting: scheduled, not started. in_call: someone joined. expired: the slot passed with nobody joining.
 * ended: the call finished, or the host closed the meeting before it started.
 */
export const WEB_NEGOTIATION_TRANSITIONS: TransitionTable<WebNegotiationState> = {
  waiting: ['in_call', 'expired', 'ended'],
  in_call: ['ended'],
  expired: [],
  ended: [],
};

export type WebNegotiationRefusal = 'already_in_state' | 'meeting_closed' | 'transition_not_allowed';

export function canTransitionWebNegotiation(
  from: WebNegotiationState,
  to: WebNegotiationState,
): TransitionCheck<WebNegotiationRefusal> {
  return checkByTable(WEB_NEGOTIATION_TRANSITIONS, { expired: 'meeting_closed', ended: 'meeting_closed' }, from, to);
}

export type WebNegotiationEditRefusal = 'meeting_running' | 'meeting_closed';

/** Only a meeting that has not started can be edited: a running one cannot (spec), a finished one is history. */
export function canEditWebNegotiation(state: WebNegotiationState): TransitionCheck<WebNegotiationEditRefusal> {
  switch (state) {
    case 'waiting':
      return ALLOWED;
    case 'in_call':
      return refused('meeting_running');
    case 'expired':
    case 'ended':
      return refused('meeting_closed');
  }
}

export interface WebNegotiationTimes {
  /** Scheduled start, epoch milliseconds. */
  startsAt: number;
  durationMinutes: number;
  /** When the first participant joined, if anyone did. */
  joinedAt?: number | undefined;
  /** When the call or the meeting was closed, if it was. */
  endedAt?: number | undefined;
}

/**
 * The state at a moment, derived from stored times so no job has to flip states on a clock: ended once closed;
 * in call once joined and until the scheduled end; expired when the scheduled end passed; otherwise waiting.
 * A call that runs past its slot is ended by the meeting's maximum time, after which it reads as ended.
 */
export function webNegotiationStateAt(m: WebNegotiationTimes, now: number): WebNegotiationState {
  if (m.endedAt !== undefined && m.endedAt <= now) return 'ended';
  const scheduledEnd = m.startsAt + m.durationMinutes * 60_000;
  if (m.joinedAt !== undefined && m.joinedAt <= now) return now < scheduledEnd ? 'in_call' : 'ended';
  return now >= scheduledEnd ? 'expired' : 'waiting';
}

/** The meeting's date and time must not be in the past when it is created or moved. */
export function isMeetingInPast(startsAt: number, now: number): boolean {
  return startsAt < now;
}

/** Rooms of a meeting, as the remote-meeting service reports them. */
export const ROOM_STATUSES = ['ready', 'open', 'closed', 'deleted'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

/** A room is prepared (ready), opened when someone joins, closed when the call ends, and deleted when cleaned up. */
export const ROOM_TRANSITIONS: TransitionTable<RoomStatus> = {
  ready: ['open', 'closed', 'deleted'],
  open: ['closed'],
  closed: ['deleted'],
  deleted: [],
};

export type RoomRefusal = 'already_in_state' | 'room_deleted' | 'transition_not_allowed';

export function canTransitionRoom(from: RoomStatus, to: RoomStatus): TransitionCheck<RoomRefusal> {
  return checkByTable(ROOM_TRANSITIONS, { deleted: 'room_deleted' }, from, to);
}

/** Whether participants can join a room in this status. */
export function isRoomJoinable(status: RoomStatus): boolean {
  return status === 'ready' || status === 'open';
}
