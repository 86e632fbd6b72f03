import { MEETING_EARLY_JOIN_MINUTES } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { AdmissionRefusal, MeetingAdmission, MeetingRooms } from '../meeting-call/admission.ts';
import { endOf, participantsOf } from './answers.ts';
import { hashToken } from './links.ts';
import { type MeetingWithHost, meetingsRepo } from './repo.ts';

type Admitted = MeetingAdmission | { refused: AdmissionRefusal };

/** Who a token names: the meeting and the participant, or nothing. */
async function holderOf(db: Db, token: string) {
  if (token.length === 0 || token.length > 200) return undefined;
  const hash = hashToken(token).toString('hex');
  const repo = meetingsRepo(db);
  const hosted = await repo.byHostToken(hash);
  if (hosted) {
    return {
      meeting: hosted,
      role: 'host' as const,
      participantId: `host-${hosted.id}`,
      displayName: hosted.host_name ?? 'Host',
    };
  }
  const invitee = await repo.inviteeByToken(hash);
  const meeting = invitee && (await repo.byId(invitee.negotiation_id));
  if (!invitee || !meeting) return undefined;
  return {
    meeting,
    role: 'guest' as const,
    participantId: `guest-${invitee.id}`,
    displayName: invitee.name || 'Guest',
  };
}

/** Why a meeting opens nothing now, if it does not: deleted, over, or too early (MEETING_EARLY_JOIN_MINUTES). */
export function refusalAt(meeting: MeetingWithHost, now: Date): AdmissionRefusal | null {
  if (meeting.deleted_at) return 'deleted';
  if (meeting.ended_at && meeting.ended_at <= now) return 'ended';
  if (now >= endOf(meeting)) return 'ended';
  if (now.getTime() < meeting.starts_at.getTime() - MEETING_EARLY_JOIN_MINUTES * 60_000) return 'not_started';
  return null;
}

/**
 * The meetings side of the call's port (meeting-call/admission.ts) over this module's tables: a link's token
 * admits its holder from a few minutes before the start to the end of the slot or the end of the call, never after
 * the meeting was deleted; the host's participant id is the meeting's, a guest's their invitation's, so a
 * participant who drops out and comes back is the same one.
 */
export function meetingRooms(db: Db): MeetingRooms {
  const repo = meetingsRepo(db);
  return {
    async admit(token, now): Promise<Admitted> {
      const holder = await holderOf(db, token);
      if (!holder) return { refused: 'unknown_link' };
      const refusal = refusalAt(holder.meeting, now);
      if (refusal) return { refused: refusal };
      const m = holder.meeting;
      const vehicles = await repo.vehiclesOf(m.id);
      return {
        meetingId: m.id,
        domainId: m.domain_id,
        role: holder.role,
        participantId: holder.participantId,
        displayName: holder.displayName,
        maxParticipants: participantsOf(m),
        startsAt: m.starts_at,
        endsAt: endOf(m),
        vehicles: vehicles.map((v) => ({ contentId: v.id, shortId: v.short_id })),
      };
    },
    async markEnded(meetingId, reason) {
      await repo.markEnded(meetingId, reason, new Date());
    },
    async markRoomOpen(meetingId) {
      await repo.markOpen(meetingId, new Date());
    },
  };
}
