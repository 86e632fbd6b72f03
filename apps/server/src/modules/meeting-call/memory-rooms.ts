import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { AdmissionRefusal, MeetingAdmission, MeetingRooms } from './admission.ts';

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
 * MeetingRooms over a fixed list of links, in memory: the server tests' meetings, and the browser tests' until the
 * meetings module's own `meetingRooms(db)` is wired in main.ts (SPINYARD_CALL_TEST_ROOMS). An ended meeting's links
 * open nothing, as the real one's do.
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

const linkJson = z.array(
  z.object({
    token: z.string().min(1),
    admission: z.object({
      meetingId: z.string(),
      domainId: z.string(),
      role: z.enum(['host', 'guest']),
      participantId: z.string(),
      displayName: z.string(),
      maxParticipants: z.union([z.literal(2), z.literal(3), z.literal(4)]),
      startsAt: z.coerce.date(),
      endsAt: z.coerce.date(),
      vehicles: z.array(z.object({ contentId: z.string(), shortId: z.string().nullable() })),
    }),
  }),
);

/**
 * SPINYARD_CALL_TEST_ROOMS: a JSON file of MemoryLink (dates as ISO texts), read again at every join, so a browser
 * test writes its meetings after it has seeded their vehicles. A file that cannot be read opens nothing.
 */
export function fileMeetingRooms(file: string): MemoryMeetingRooms {
  return memoryMeetingRooms(() => {
    try {
      return linkJson.parse(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      return [];
    }
  });
}
