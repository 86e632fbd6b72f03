import {
  canEditWebNegotiation,
  EMPTY_EVALUATION,
  evaluationSchema,
  type MeetingDocumentAnswer,
  type ParticipantCount,
  participantsForValue,
  type RoomStatus,
  type WebNegotiationAnswer,
  type WebNegotiationState,
  type WebNegotiationSummary,
  webNegotiationStateAt,
} from '@spinyard/domain';
import type { DocumentRow } from './documents-repo.ts';
import type { InviteeRow, MeetingRow } from './repo.ts';

/** The end of the meeting's slot. */
export const endOf = (m: Pick<MeetingRow, 'starts_at' | 'duration_minutes'>) =>
  new Date(m.starts_at.getTime() + m.duration_minutes * 60_000);

/** The spec's state at `now`, from the stored times (packages/domain webNegotiationStateAt). */
export function stateOf(m: MeetingRow, now: Date): WebNegotiationState {
  return webNegotiationStateAt(
    {
      startsAt: m.starts_at.getTime(),
      durationMinutes: m.duration_minutes,
      joinedAt: m.joined_at?.getTime(),
      endedAt: m.ended_at?.getTime(),
    },
    now.getTime(),
  );
}

/** Rows keep the count of people (2, 3, 4); anything else reads as the smallest meeting. */
export const participantsOf = (m: MeetingRow): ParticipantCount =>
  m.participants === 3 || m.participants === 4 ? m.participants : participantsForValue(0);

/** The room as the list shows it: a meeting whose slot passed with the room never opened reads closed. */
export function roomStatusOf(m: MeetingRow, state: WebNegotiationState): RoomStatus {
  if (m.deleted_at) return 'deleted';
  if (m.room_status === 'ready' && (state === 'expired' || state === 'ended')) return 'closed';
  return m.room_status;
}

export function summaryOf(
  m: MeetingRow & { host_name: string | null },
  counts: { vehicles: number; invitees: number },
  now: Date,
): WebNegotiationSummary {
  const status = stateOf(m, now);
  return {
    id: m.id,
    title: m.title,
    status,
    room_status: roomStatusOf(m, status),
    host: { id: m.host_user_id, name: m.host_name ?? '' },
    starts_at: m.starts_at.toISOString(),
    ends_at: endOf(m).toISOString(),
    duration_minutes: m.duration_minutes,
    time_zone: m.time_zone,
    participants: participantsOf(m),
    vehicle_count: counts.vehicles,
    invitee_count: counts.invitees,
    can_edit: canEditWebNegotiation(status).ok,
  };
}

export function documentAnswer(d: DocumentRow): MeetingDocumentAnswer {
  return {
    id: d.id,
    kind: d.kind,
    file_name: d.file_name,
    content_type: d.content_type,
    bytes: Number(d.bytes),
    created_at: d.created_at.toISOString(),
  };
}

export interface MeetingParts {
  vehicles: { id: string; car_name: string; maker: string; management_id: string; short_id: string | null }[];
  invitees: InviteeRow[];
  documents: DocumentRow[];
}

export const vehicleName = (v: MeetingParts['vehicles'][number]) =>
  [v.maker, v.car_name].filter(Boolean).join(' ') || v.management_id;

export function vehicleAnswer(v: MeetingParts['vehicles'][number]) {
  return { content_id: v.id, short_id: v.short_id, name: vehicleName(v), management_id: v.management_id };
}

/** The memo and the evaluation sheet as kept (an unreadable sheet reads as an empty one). */
export function notesOf(m: Pick<MeetingRow, 'memo' | 'evaluation'>) {
  const evaluation = evaluationSchema.safeParse(m.evaluation);
  return { memo: m.memo, evaluation: evaluation.success ? evaluation.data : EMPTY_EVALUATION };
}

export function meetingAnswer(
  m: MeetingRow & { host_name: string | null },
  parts: MeetingParts,
  now: Date,
): WebNegotiationAnswer {
  return {
    ...summaryOf(m, { vehicles: parts.vehicles.length, invitees: parts.invitees.length }, now),
    description: m.description,
    ...notesOf(m),
    vehicles: parts.vehicles.map(vehicleAnswer),
    invitees: parts.invitees.map((i) => ({
      id: i.id,
      name: i.name,
      email: i.email,
      phone: i.phone,
      time_zone: i.time_zone,
      language: i.language,
      invited_at: i.invited_at?.toISOString() ?? null,
    })),
    documents: parts.documents.map(documentAnswer),
    created_at: m.created_at.toISOString(),
    updated_at: m.updated_at.toISOString(),
  };
}
