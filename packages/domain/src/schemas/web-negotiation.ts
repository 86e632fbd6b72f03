import { z } from 'zod';
import { TIMEZONES, UI_LOCALES, WEB_NEGOTIATION_PARTICIPANT_COUNTS } from '../constants.ts';
import { ROOM_STATUSES, WEB_NEGOTIATION_STATES } from '../web-negotiation.ts';
import { emailSchema } from './account.ts';
import { idSchema } from './common.ts';
import { ruleIssue } from './field-errors.ts';
import { pageOf, pageQuery, searchText } from './lists.ts';
import { phoneSchema } from './phone.ts';

/**
 * Web negotiations (issue 21; first document sections 2, 3, 4; second document sections 3, 7, 9): a meeting with
 * a buyer about reserved vehicles. Readings (docs/decisions.md, "Web negotiation: meetings"):
 * - The start is one instant with its offset (`starts_at`, ISO 8601); the console builds it from the date and the
 *   time the dealer picks in the meeting's time zone (`time_zone`, one of the spec's three).
 * - The duration's upper bound is the caller's max time (the user's, else the domain's, 120 by default): checked by
 *   the server, which knows it; the schema only bounds it to what any domain may set.
 * - An invitee is one person reached by mail, SMS or both; the same address or number twice in one set is refused.
 *   Guests are at most the meeting's participants less the host.
 * - The memo and the evaluation sheet are notes of the dealer, written before, during or after the meeting: they
 *   are saved on their own call, which a running or finished meeting does not refuse.
 */

export const WEB_NEGOTIATION_TITLE_MAX = 100;
export const WEB_NEGOTIATION_DESCRIPTION_MAX = 2000;
export const WEB_NEGOTIATION_MEMO_MAX = 5000;
export const WEB_NEGOTIATION_NAME_MAX = 100;
export const WEB_NEGOTIATION_DURATION_MIN = 5;
/** The largest max time a domain may set (domain options' bound); the caller's own max time is checked on save. */
export const WEB_NEGOTIATION_DURATION_BOUND = 480;
/** "The vehicles selectable for a meeting are limited to a maximum" (value not shown: ours). */
export const WEB_NEGOTIATION_VEHICLES_MAX = 5;
/** The most guests any meeting takes: 4 participants, one of them the host. */
export const WEB_NEGOTIATION_GUESTS_MAX = 3;
/** Documents per meeting and bytes per document, unless the server is configured otherwise. */
export const MEETING_DOCUMENTS_MAX_DEFAULT = 5;
export const MEETING_DOCUMENT_MAX_BYTES_DEFAULT = 20 * 1024 * 1024;
/** Documents a meeting takes: PDF and pictures, judged by their content. One picture may be the business card. */
export const MEETING_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const MEETING_DOCUMENT_KINDS = ['document', 'business_card'] as const;
export type MeetingDocumentKind = (typeof MEETING_DOCUMENT_KINDS)[number];
/** Participants may open their link this long before the start (docs/decisions.md). */
export const MEETING_EARLY_JOIN_MINUTES = 10;
/** Reminders go this long before the start. */
export const MEETING_REMINDER_MINUTES = 30;
export const EVALUATION_SCORES = [1, 2, 3, 4, 5] as const;
export const EVALUATION_INTERESTS = ['high', 'medium', 'low', 'none'] as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, ruleIssue('max_length', `At most ${max} characters.`));

const blankToEmpty = (v: unknown) => (v === null || v === undefined ? '' : v);

export const inviteeSchema = z
  .object({
    name: z.preprocess(blankToEmpty, text(WEB_NEGOTIATION_NAME_MAX)),
    email: z.preprocess(blankToEmpty, z.union([z.literal(''), emailSchema])),
    phone: z.preprocess(blankToEmpty, phoneSchema),
    /** The time zone the invitation shows the time in; absent, the meeting's. */
    time_zone: z.enum(TIMEZONES).optional(),
    /** The language of the invitation; absent, Japanese (the product's default). */
    language: z.enum(UI_LOCALES).optional(),
  })
  .refine((i) => i.email !== '' || i.phone !== '', {
    ...ruleIssue('required', 'Enter an e-mail address or a phone number.'),
    path: ['email'],
  });
export type InviteeInput = z.output<typeof inviteeSchema>;

/** Digits only: "090-1234-5678" and "09012345678" are the same phone. */
export const phoneKey = (phone: string) => phone.replace(/\D/g, '');

/** The first repeated e-mail or phone of a set of invitees, as the field it is found on. */
export function duplicateInvitee(
  invitees: readonly InviteeInput[],
): { index: number; field: 'email' | 'phone' } | null {
  const emails = new Set<string>();
  const phones = new Set<string>();
  for (const [index, i] of invitees.entries()) {
    if (i.email !== '') {
      if (emails.has(i.email)) return { index, field: 'email' };
      emails.add(i.email);
    }
    if (i.phone !== '') {
      const key = phoneKey(i.phone);
      if (phones.has(key)) return { index, field: 'phone' };
      phones.add(key);
    }
  }
  return null;
}

export const DUPLICATE_INVITEE_MESSAGE = 'The same phone number or e-mail address appears twice in the invitations.';

/** Puts the first repeated e-mail or phone of a set of invitees on its field (the body's and the form's rule). */
export function refuseDuplicateInvitees(invitees: readonly InviteeInput[], ctx: z.RefinementCtx): void {
  const dup = duplicateInvitee(invitees);
  if (dup) {
    ctx.addIssue({
      code: 'custom',
      path: ['invitees', dup.index, dup.field],
      message: DUPLICATE_INVITEE_MESSAGE,
      params: { rule: 'no_duplicates' },
    });
  }
}

const vehicleIds = z
  .array(idSchema)
  .refine(
    (ids) => ids.length <= WEB_NEGOTIATION_VEHICLES_MAX,
    ruleIssue('max_items', `At most ${WEB_NEGOTIATION_VEHICLES_MAX} vehicles per meeting.`),
  )
  .refine((ids) => new Set(ids).size === ids.length, ruleIssue('no_duplicates', 'A vehicle is chosen twice.'));

/** `POST /web_negotiation_group` (add) and `POST /web_negotiation_group/{id}` (edit): the whole meeting. */
export const webNegotiationBody = z
  .object({
    title: text(WEB_NEGOTIATION_TITLE_MAX).min(1, ruleIssue('required')),
    description: z.preprocess(blankToEmpty, text(WEB_NEGOTIATION_DESCRIPTION_MAX)),
    /** The user who holds the meeting; absent, the caller. */
    host_user_id: idSchema.optional(),
    starts_at: z.iso.datetime({ offset: true, error: 'Give the date and time with its offset (ISO 8601).' }),
    duration_minutes: z.coerce
      .number()
      .int()
      .min(WEB_NEGOTIATION_DURATION_MIN, ruleIssue('range', `At least ${WEB_NEGOTIATION_DURATION_MIN} minutes.`))
      .max(WEB_NEGOTIATION_DURATION_BOUND, ruleIssue('range', `At most ${WEB_NEGOTIATION_DURATION_BOUND} minutes.`)),
    time_zone: z.enum(TIMEZONES).default('Asia/Tokyo'),
    vehicle_ids: vehicleIds.default([]),
    invitees: z
      .array(inviteeSchema)
      .refine(
        (list) => list.length <= WEB_NEGOTIATION_GUESTS_MAX,
        ruleIssue('max_items', `At most ${WEB_NEGOTIATION_GUESTS_MAX} guests.`),
      )
      .default([]),
  })
  .superRefine((body, ctx) => refuseDuplicateInvitees(body.invitees, ctx));
export type WebNegotiationBody = z.output<typeof webNegotiationBody>;

export const evaluationSchema = z.object({
  score: z.union([z.literal(EVALUATION_SCORES), z.null()]).default(null),
  interest: z.enum(EVALUATION_INTERESTS).nullable().default(null),
  next_action: z.preprocess(blankToEmpty, text(500)),
  comment: z.preprocess(blankToEmpty, text(2000)),
});
export type Evaluation = z.output<typeof evaluationSchema>;
export const EMPTY_EVALUATION: Evaluation = { score: null, interest: null, next_action: '', comment: '' };

/** `POST /web_negotiation_group/{id}/notes`: the memo and the evaluation sheet. */
export const webNegotiationNotesBody = z.object({
  memo: z.preprocess(blankToEmpty, text(WEB_NEGOTIATION_MEMO_MAX)),
  evaluation: evaluationSchema.default(EMPTY_EVALUATION),
});
export type WebNegotiationNotesBody = z.output<typeof webNegotiationNotesBody>;

/** `POST /web_negotiation_groupcontents/{id}`: the meeting's reserved vehicles, in order. */
export const webNegotiationVehiclesBody = z.object({ vehicle_ids: vehicleIds });

export const webNegotiationParams = z.object({ id: idSchema });
export const meetingDocumentParams = z.object({ id: idSchema, document_id: idSchema });

export const WEB_NEGOTIATION_SORTS = ['starts_at_asc', 'starts_at_desc', 'created_desc'] as const;

/** `GET /web_negotiation_group`: search in titles, descriptions and invitee names, by state and period. */
export const webNegotiationListQuery = pageQuery.extend({
  q: searchText.default(''),
  status: z.enum(WEB_NEGOTIATION_STATES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(WEB_NEGOTIATION_SORTS).default('starts_at_desc'),
});
export type WebNegotiationListQuery = z.output<typeof webNegotiationListQuery>;

const str = z.string();
const maybe = z.string().nullable();

export const inviteeAnswer = z.object({
  id: str,
  name: str,
  email: str,
  phone: str,
  time_zone: maybe,
  language: maybe,
  invited_at: maybe,
});

export const meetingDocumentAnswer = z.object({
  id: str,
  kind: z.enum(MEETING_DOCUMENT_KINDS),
  file_name: str,
  content_type: str,
  bytes: z.number().int(),
  created_at: str,
});
export type MeetingDocumentAnswer = z.output<typeof meetingDocumentAnswer>;

export const meetingVehicleAnswer = z.object({
  content_id: z.string(),
  short_id: z.string().nullable(),
  name: z.string(),
  management_id: z.string(),
});

export const webNegotiationSummary = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(WEB_NEGOTIATION_STATES),
  room_status: z.enum(ROOM_STATUSES),
  host: z.object({ id: z.string().nullable(), name: z.string() }),
  starts_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number().int(),
  time_zone: z.string(),
  participants: z.literal(WEB_NEGOTIATION_PARTICIPANT_COUNTS),
  vehicle_count: z.number().int(),
  invitee_count: z.number().int(),
  can_edit: z.boolean(),
});
export type WebNegotiationSummary = z.output<typeof webNegotiationSummary>;

export const webNegotiationAnswer = webNegotiationSummary.extend({
  description: z.string(),
  memo: z.string(),
  evaluation: evaluationSchema,
  vehicles: z.array(meetingVehicleAnswer),
  invitees: z.array(inviteeAnswer),
  documents: z.array(meetingDocumentAnswer),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebNegotiationAnswer = z.output<typeof webNegotiationAnswer>;

export const webNegotiationListAnswer = pageOf(webNegotiationSummary).extend({
  /** The caller's count in the current interval and its limit (null: unlimited). */
  usage: z.object({ interval: z.string(), used: z.number().int(), limit: z.number().int().nullable() }),
});
export type WebNegotiationListAnswer = z.output<typeof webNegotiationListAnswer>;

/** The host's own link, handed out on asking (a new one each time: only its hash is kept). */
export const hostLinkAnswer = z.object({ url: z.string(), token: z.string(), expires_at: z.string() });

/** `POST /api/meeting/v0/token`: a link's token exchanged for what the link opens. */
export const meetingTokenBody = z.object({ token: z.string().min(1).max(200) });

export const meetingAdmissionAnswer = z.object({
  meeting_id: z.string(),
  role: z.enum(['host', 'guest']),
  participant_id: z.string(),
  display_name: z.string(),
  max_participants: z.literal(WEB_NEGOTIATION_PARTICIPANT_COUNTS),
  starts_at: z.string(),
  ends_at: z.string(),
  vehicles: z.array(z.object({ content_id: z.string(), short_id: z.string().nullable() })),
});

/** The meeting as a participant of the call sees it. */
export const meetingForParticipantAnswer = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(WEB_NEGOTIATION_STATES),
  room_status: z.enum(ROOM_STATUSES),
  starts_at: z.string(),
  ends_at: z.string(),
  host_name: z.string(),
  documents: z.array(meetingDocumentAnswer.extend({ url: z.string() })),
  vehicles: z.array(meetingVehicleAnswer),
});

export const meetingUsersAnswer = z.object({
  users: z.array(z.object({ participant_id: z.string(), role: z.enum(['host', 'guest']), name: z.string() })),
});

export const meetingRoomAnswer = z.object({
  rooms: z.array(z.object({ id: z.string(), status: z.enum(ROOM_STATUSES), max_participants: z.number().int() })),
});

/** `/meeting-documents/user-profile`: what guests see of the host, with the one business-card image. */
export const meetingUserProfileAnswer = z.object({
  name: z.string(),
  company: z.string(),
  email: z.string(),
  business_card: meetingDocumentAnswer.extend({ url: z.string() }).nullable(),
});
