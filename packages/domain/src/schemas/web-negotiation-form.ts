import { z } from 'zod';
import { TIMEZONES, type Timezone, WEB_NEGOTIATION_PARTICIPANT_COUNTS } from '../constants.ts';
import { isMeetingInPast } from '../web-negotiation.ts';
import { emailSchema } from './account.ts';
import { idSchema } from './common.ts';
import { FIELD_RULE_MESSAGES, ruleIssue } from './field-errors.ts';
import { phoneSchema } from './phone.ts';
import {
  refuseDuplicateInvitees,
  WEB_NEGOTIATION_DESCRIPTION_MAX,
  WEB_NEGOTIATION_GUESTS_MAX,
  WEB_NEGOTIATION_NAME_MAX,
  WEB_NEGOTIATION_TITLE_MAX,
  type WebNegotiationBody,
  webNegotiationBody,
} from './web-negotiation.ts';

/**
 * The console's meeting form (issue 21, the /web-negotiation/add and edit screens): what the dealer types (a date
 * and a time on the meeting's time zone's clock, the host, invitees) read into the body of
 * `POST /web_negotiation_group` (webNegotiationBody), whose rules it keeps; and what the screens ask of the
 * caller's settings. Readings in docs/decisions.md, "Web negotiation: screens".
 */

/** The offset of `tz` at the instant `utcMs`, in minutes east of UTC (Intl: no time-zone table of our own). */
function offsetMinutes(utcMs: number, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((wall - utcMs) / 60_000);
}

/** A date (YYYY-MM-DD) and a time (HH:MM) on the clock of `tz` as one instant, ISO 8601 in UTC; null if invalid. */
export function zonedInstant(date: string, time: string, tz: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const naive = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(naive)) return null;
  // Twice: the offset at the guess, then at the instant it gives (right across a daylight-saving change).
  const first = naive - offsetMinutes(naive, tz) * 60_000;
  return new Date(naive - offsetMinutes(first, tz) * 60_000).toISOString();
}

/** An instant as the date and the time the clock of `tz` shows then. */
export function zonedParts(iso: string, tz: string): { date: string; time: string } {
  const ms = Date.parse(iso);
  const wall = new Date(ms + offsetMinutes(ms, tz) * 60_000).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, ruleIssue('max_length', `At most ${max} characters.`));

/** The form's invitee: the body's rules, each field a plain string (an empty one: not given). */
const formInvitee = z
  .object({
    name: text(WEB_NEGOTIATION_NAME_MAX),
    email: z.union([z.literal(''), emailSchema]),
    phone: phoneSchema,
  })
  .refine((i) => i.email !== '' || i.phone !== '', {
    ...ruleIssue('required', 'Enter an e-mail address or a phone number.'),
    path: ['email'],
  });

export const webNegotiationFormSchema = z
  .object({
    title: text(WEB_NEGOTIATION_TITLE_MAX).min(1, ruleIssue('required')),
    description: text(WEB_NEGOTIATION_DESCRIPTION_MAX),
    /** '' is the caller. */
    host_user_id: z.union([z.literal(''), idSchema]),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, ruleIssue('required')),
    time: z.string().regex(/^\d{2}:\d{2}$/, ruleIssue('required')),
    duration_minutes: webNegotiationBody.shape.duration_minutes,
    time_zone: z.enum(TIMEZONES),
    vehicle_ids: webNegotiationBody.shape.vehicle_ids.unwrap(),
    invitees: z
      .array(formInvitee)
      .max(WEB_NEGOTIATION_GUESTS_MAX, ruleIssue('max_items', `At most ${WEB_NEGOTIATION_GUESTS_MAX} guests.`)),
  })
  .superRefine((form, ctx) => {
    const at = zonedInstant(form.date, form.time, form.time_zone);
    if (at && isMeetingInPast(Date.parse(at), Date.now())) {
      const rule = 'not_in_past';
      ctx.addIssue({ code: 'custom', path: ['time'], message: FIELD_RULE_MESSAGES[rule], params: { rule } });
    }
    refuseDuplicateInvitees(form.invitees, ctx);
  })
  .transform(
    (form): WebNegotiationBody => ({
      title: form.title,
      description: form.description,
      ...(form.host_user_id === '' ? {} : { host_user_id: form.host_user_id }),
      starts_at: zonedInstant(form.date, form.time, form.time_zone) ?? '',
      duration_minutes: form.duration_minutes,
      time_zone: form.time_zone,
      vehicle_ids: form.vehicle_ids,
      invitees: form.invitees,
    }),
  );
export type WebNegotiationFormValues = z.input<typeof webNegotiationFormSchema>;

/** A new meeting's form: tomorrow at 10:00 on the dealer's clock, an hour, one invitee to fill in. */
export function newWebNegotiationValues(now: Date, timeZone: Timezone = 'Asia/Tokyo'): WebNegotiationFormValues {
  const tomorrow = zonedParts(new Date(now.getTime() + 24 * 3600_000).toISOString(), timeZone);
  return {
    title: '',
    description: '',
    host_user_id: '',
    date: tomorrow.date,
    time: '10:00',
    duration_minutes: 60,
    time_zone: timeZone,
    vehicle_ids: [],
    invitees: [{ name: '', email: '', phone: '' }],
  };
}

/** The form filled with a stored meeting. */
export function webNegotiationValuesOf(m: {
  title: string;
  description: string;
  host: { id: string | null };
  starts_at: string;
  duration_minutes: number;
  time_zone: string;
  vehicles: readonly { content_id: string }[];
  invitees: readonly { name: string; email: string; phone: string }[];
}): WebNegotiationFormValues {
  const timeZone = (TIMEZONES as readonly string[]).includes(m.time_zone) ? (m.time_zone as Timezone) : 'Asia/Tokyo';
  return {
    title: m.title,
    description: m.description,
    host_user_id: m.host.id ?? '',
    ...zonedParts(m.starts_at, timeZone),
    duration_minutes: m.duration_minutes,
    time_zone: timeZone,
    vehicle_ids: m.vehicles.map((v) => v.content_id),
    invitees: m.invitees.map(({ name, email, phone }) => ({ name, email, phone })),
  };
}

/** `GET /web_negotiation_group/settings`: what the caller's meetings may hold, for the screens to say beforehand. */
export const webNegotiationSettingsAnswer = z.object({
  /** People in a meeting, host included (the web negotiation group's grouptalk mapping). */
  participants: z.literal(WEB_NEGOTIATION_PARTICIPANT_COUNTS),
  /** The caller's max time: the user's own, else the domain's. */
  max_time_minutes: z.number().int(),
  vehicles_max: z.number().int(),
  documents_max: z.number().int(),
  document_max_bytes: z.number().int(),
  usage: z.object({ interval: z.string(), used: z.number().int(), limit: z.number().int().nullable() }),
});
export type WebNegotiationSettingsAnswer = z.output<typeof webNegotiationSettingsAnswer>;

/** `POST /web_negotiation_group/{id}/invitees/{invitee_id}/link`: one invitee's link to the call. */
export const meetingInviteeParams = z.object({ id: idSchema, invitee_id: idSchema });
