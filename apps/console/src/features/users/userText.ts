import type { FieldError } from '@spinyard/domain';
import { apiErrorText } from '../../api/errorText.ts';
import { type Refusal, refusalOf } from '../../components/refusal.ts';
import { i18n } from '../../i18n/i18n.ts';
import { FIELD_BOUNDS, type UserField } from './userRules.ts';

/** A field's label on the user forms (`users.fields.<field>`), else the field name itself. */
export function userFieldLabel(field: string): string {
  const key = `users.fields.${field}`;
  return i18n.exists(key) ? i18n.t(key) : field;
}

const SELECTED_FIELDS = new Set(['privilege_type', 'parent_user_id']);

/**
 * One refused field in the user's language: the field by its label and the rule it broke
 * (`validation.<rule>`); a catalogue code as rule uses `errors.<code>`; else the server's sentence.
 */
export function userFieldErrorText(error: FieldError): string {
  const label = userFieldLabel(error.field);
  const bounds = FIELD_BOUNDS[error.field as UserField];
  const locale = i18n.resolvedLanguage ?? i18n.language;
  if (error.rule === 'range' && bounds) {
    return i18n.t('users.validation.range', {
      field: label,
      min: bounds.min.toLocaleString(locale),
      max: bounds.max.toLocaleString(locale),
    });
  }
  if (error.rule === 'min_length' && error.field === 'password') {
    return i18n.t('validation.password_min_length', { field: label, min: 8 });
  }
  if (error.rule === 'required' && SELECTED_FIELDS.has(error.field))
    return i18n.t('validation.select', { field: label });
  const ruleKey = `validation.${error.rule}`;
  if (i18n.exists(ruleKey)) return i18n.t(ruleKey, { field: label });
  const codeKey = `errors.${error.rule}`;
  if (i18n.exists(codeKey)) return i18n.t(codeKey);
  return error.message;
}

/** The text of a catalogue code (`errors.<code>`), else the given fallback. */
export function errorCodeText(code: string, fallback: string): string {
  const key = `errors.${code}`;
  return i18n.exists(key) ? i18n.t(key) : fallback;
}

/**
 * A failed write as the users screens take it (see refusalOf): the catalogue's text of the answer's code comes
 * before the server's own sentence, which the users server sometimes writes itself in English (the CSV report).
 */
export function userRefusalOf(error: unknown): Refusal {
  return refusalOf(error, (apiError) => {
    const fallback = apiErrorText(apiError);
    return apiError.code ? errorCodeText(apiError.code, fallback) : fallback;
  });
}
