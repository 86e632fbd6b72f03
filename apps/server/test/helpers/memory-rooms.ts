import type { AdmissionRefusal, MeetingAdmission, MeetingRooms } from '../../src/modules/meeting-call/admission.ts';

/** One link of an in-memory meeting: its token and who it lets in. */
export interface MemoryLink {
  token: string;
  admission: MeetingAdmission;
}

export interface MemoryMeetingRooms extends MeetingRooms {
  /** What markEnded and markRoomOpen were told, in order (tests). */
  readonly calls: { op: 'ended' | 'open'; meetingId: string; reason?: string }[];
}

/**
 * MeetingRooms over a fixed list of links, in memory: the signaling tests' meetings, so they drive the rooms' timing
 * (early, ended, time up) without the meetings module's tables. An ended meeting's links open nothing, as the real
 * one's (web-negotiation `meetingRooms(db)`) do.
 */
export function memoryMeetingRooms(links: readonly MemoryLink[] | (() => readonly MemoryLink[])): MemoryMeetingRooms {
  const current = typeof links === 'function' ? links : () => links;
  const ended = new Set<string>();
  const calls: MemoryMeetingRooms['calls'] = [];
  return {
    calls,
    async admit(token, now): Promise<MeetingAdmission | { refused: AdmissionRefusal }> {
      const link = current().find((l) => l.token === token);
      if (!link) return { refused: 'unknown_link' };
      const a = link.admission;
      if (ended.has(a.meetingId) || now >= a.endsAt) return { refused: 'ended' };
      if (now < a.startsAt) return { refused: 'not_started' };
      return a;
    },
    async markEnded(meetingId, reason) {
      ended.add(meetingId);
      calls.push({ op: 'ended', meetingId, reason });
    },
    async markRoomOpen(meetingId) {
      calls.push({ op: 'open', meetingId });
    },
  };
}
