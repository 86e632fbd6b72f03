import { type FieldError, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@spinyard/domain';
import { ApiError } from '../api/apiError.ts';
import { apiErrorText } from '../api/errorText.ts';
import { i18n } from '../i18n/i18n.ts';

/**
 * Refusals explained on a form: each refused field's message beside its input (`validation.<rule>` with the
 * field's translated name, `fields.<field>`), everything else in one sentence above the form. The same mapping
 * serves the checks made before sending (the domain's schemas through parseFields) and the server's `fields`,
 * so both read alike.
 */
export interface FormErrors<F extends string> {
  form?: string;
  fields: Partial<Record<F, string>>;
}

/** Fields that hold a new password: their length rules are stated with the numbers. */
const PASSWORD_FIELDS = new Set(['password', 'newPassword']);

/** The i18n key of each field's name where it is not `fields.<field>` (the label the form shows). */
export type FieldNameKeys<F extends string> = Partial<Record<F, string>>;

/**
 * One refused field in the user's language, naming the field and the rule: `validation.<rule>` with the field's
 * name (`fields.<field>`, or `nameKey`), the password lengths with their numbers, else the server's sentence.
 */
export function fieldMessage(error: FieldError, nameKey = `fields.${error.field}`): string {
  const name = i18n.exists(nameKey) ? i18n.t(nameKey) : error.field;
  if (PASSWORD_FIELDS.has(error.field) && (error.rule === 'min_length' || error.rule === 'max_length')) {
    return error.rule === 'min_length'
      ? i18n.t('validation.password_min_length', { field: name, min: PASSWORD_MIN_LENGTH })
      : i18n.t('validation.password_max_length', { field: name, max: PASSWORD_MAX_LENGTH });
  }
  return i18n.exists(`validation.${error.rule}`) ? i18n.t(`validation.${error.rule}`, { field: name }) : error.message;
}

/** Field errors (from parseFields or the server) as messages per field; the first error of a field wins. */
export function fieldMessages<F extends string>(
  errors: readonly FieldError[],
  fields: readonly F[],
  nameKeys: FieldNameKeys<F> = {},
): { fields: Partial<Record<F, string>>; others: FieldError[] } {
  const out: Partial<Record<F, string>> = {};
  const others: FieldError[] = [];
  for (const error of errors) {
    const field = fields.find((f) => f === error.field);
    if (field === undefined) others.push(error);
    else out[field] ??= fieldMessage(error, nameKeys[field]);
  }
  return { fields: out, others };
}

/** The wait of a 429 (`retry_after_seconds`), when the answer gives one. */
export function retryAfterSeconds(error: ApiError): number | undefined {
  const body = error.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const inner = (body as { error?: { retry_after_seconds?: unknown } }).error;
  const seconds = inner?.retry_after_seconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}

/**
 * A 429 with how long to wait: under a minute in seconds (the sign-in throttle's first waits are 30 s and 60 s),
 * else in whole minutes: "Too many attempts… Try again in about 3 min."
 */
export function rateLimitText(error: ApiError): string {
  const text = apiErrorText(error);
  const wait = retryAfterSeconds(error);
  if (!wait) return text;
  const after =
    wait < 60
      ? i18n.t('login.retryAfterSeconds', { seconds: wait })
      : i18n.t('login.retryAfter', { minutes: Math.ceil(wait / 60) });
  return `${text} ${after}`;
}

/**
 * A failed call on a form: 422 field refusals beside their fields (any the form does not have go above it), a
 * 429 with its wait, a catalogue code with its own translated sentence (`byCode` may send a code to a field, such
 * as current_password_incorrect to the current password), and anything else as the catalogue says.
 */
export function formErrorsOf<F extends string>(
  error: unknown,
  fields: readonly F[],
  byCode: Partial<Record<string, F>> = {},
  nameKeys: FieldNameKeys<F> = {},
): FormErrors<F> {
  if (!(error instanceof ApiError)) return { form: i18n.t('errors.general_error'), fields: {} };
  const code = error.code;
  const target = code ? byCode[code] : undefined;
  if (target !== undefined) return { fields: { [target]: apiErrorText(error) } as Partial<Record<F, string>> };
  if (error.status === 429) return { form: rateLimitText(error), fields: {} };
  if (error.fields.length > 0) {
    const { fields: found, others } = fieldMessages(error.fields, fields, nameKeys);
    const form = others.length > 0 ? others.map((e) => fieldMessage(e)).join('\n') : undefined;
    return form ? { form, fields: found } : { fields: found };
  }
  return { form: apiErrorText(error), fields: {} };
}

/** Whether the errors hold anything to show. */
export function hasErrors<F extends string>(errors: FormErrors<F>): boolean {
  return Boolean(errors.form) || Object.values(errors.fields).some(Boolean);
}
