import type { FieldError } from '@spinyard/domain';
import { ApiError } from '../../api/apiError.ts';
import { refusalOf } from '../../components/refusal.ts';
import { type FormErrors, fieldMessage } from '../../forms/formErrors.ts';
import type { FieldProps } from '../../forms/useZodForm.ts';
import { i18n } from '../../i18n/i18n.ts';

/** The meeting form's fields in the order it shows them: the first refused one takes the user there. */
export const MEETING_FIELDS = [
  'title',
  'description',
  'host_user_id',
  'date',
  'time',
  'duration_minutes',
  'time_zone',
  'vehicle_ids',
  'invitees',
  ...[0, 1, 2].flatMap((i) => [`invitees.${i}.name`, `invitees.${i}.email`, `invitees.${i}.phone`] as const),
] as const;
export type MeetingField = (typeof MEETING_FIELDS)[number];

/** A field named by its label: `invitees.1.email` is the e-mail of an invitee. */
export const meetingNameKey = (field: string) => `webNegotiation.fields.${field.split('.').at(-1) ?? field}`;

/** A refused field in the user's language: the rule with the field's label. */
export const meetingFieldText = (error: FieldError) => fieldMessage(error, meetingNameKey(error.field));

/** The body's start is the form's date and time: a refusal of `starts_at` goes beside the time. */
const formFieldOf = (field: string) => (field === 'starts_at' ? 'time' : field);

/**
 * A refused save on the form: each refused field beside its input, in the words of the refusal's own code when
 * the catalogue has them (the meeting count per interval, a meeting in the past), else the rule's; anything else
 * the client's usual message (refusalOf).
 */
export function meetingErrorsOf(error: unknown): FormErrors<MeetingField> {
  const refusal = refusalOf(error);
  const coded = error instanceof ApiError && refusal.code !== 'validation_failed' ? `errors.${refusal.code}` : '';
  const out: Partial<Record<MeetingField, string>> = {};
  const others: string[] = [];
  for (const refused of refusal.fields) {
    const name = formFieldOf(refused.field);
    const field = MEETING_FIELDS.find((f) => f === name);
    const text = coded && i18n.exists(coded) ? i18n.t(coded) : meetingFieldText({ ...refused, field: name });
    if (field === undefined) others.push(text);
    else out[field] ??= text;
  }
  return others.length > 0 ? { form: others.join('\n'), fields: out } : { fields: out };
}

/**
 * An input's props on the meeting's forms: registered, labelled `webNegotiation.fields.<last part of its name>`,
 * with the test id `meeting-<that part>`.
 */
export function meetingInput<N extends string>(form: { field: (name: N) => FieldProps<N> }, name: N) {
  const short = name.split('.').at(-1) ?? name;
  return { ...form.field(name), label: i18n.t(`webNegotiation.fields.${short}`), 'data-testid': `meeting-${short}` };
}
