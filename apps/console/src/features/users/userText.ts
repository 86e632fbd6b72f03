import { notifications } from '@mantine/notifications';
import { type FieldError, NOTIFICATION_DURATION_MS } from '@spinyard/domain';
import { ApiError } from '../../api/apiError.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { notifyError } from '../../api/notify.ts';
import { endSessionAfterUnauthorized } from '../../api/session.ts';
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

export interface Refusal {
  code: string | undefined;
  fields: FieldError[];
}

/**
 * What a screen does with a failed silent write: field refusals go back to the form (inputs keep their text);
 * anything else gets the client's usual reaction (the catalogue message; a 401 ends the session).
 */
export function refusalOf(error: unknown): Refusal {
  if (!(error instanceof ApiError)) {
    notifyError(error instanceof Error ? error.message : String(error));
    return { code: undefined, fields: [] };
  }
  if (error.fields.length > 0 && error.status !== 401) return { code: error.code, fields: error.fields };
  const { action } = error.description;
  if (action === 'logout') {
    notifyError(apiErrorText(error));
    endSessionAfterUnauthorized();
  } else if (action !== 'ignore') {
    const code = error.code;
    notifyError(code && i18n.exists(`errors.${code}`) ? i18n.t(`errors.${code}`) : apiErrorText(error));
  }
  return { code: error.code, fields: [] };
}

/** A success message (3 s, second document section 8) whose close button has a name (axe: button-name). */
export function notifyDone(message: string): void {
  notifications.show({
    message,
    color: 'green',
    autoClose: NOTIFICATION_DURATION_MS.success,
    closeButtonProps: { 'aria-label': i18n.t('common.closeMessage') },
  });
}
