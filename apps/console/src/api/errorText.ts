import type { FieldError } from '@spinyard/domain';
import { i18n } from '../i18n/i18n.ts';
import type { ApiError } from './apiError.ts';

/**
 * One refused field in the user's language: "validation.<rule>" with the field's translated name when the
 * console knows both, otherwise the server's own sentence (new rules still say something useful).
 */
export function fieldErrorText(field: FieldError): string {
  const ruleKey = `validation.${field.rule}`;
  if (!i18n.exists(ruleKey)) return field.message;
  const fieldKey = `fields.${field.field}`;
  const name = i18n.exists(fieldKey) ? i18n.t(fieldKey) : field.field;
  return i18n.t(ruleKey, { field: name });
}

/**
 * The values a message names, translated where the catalogue knows them: a process name reads as the user's
 * word for it (`processes.<name>`).
 */
function errorParams(error: ApiError): Record<string, string | number> {
  const params: Record<string, string | number> = { ...error.params };
  const process = params.process;
  if (typeof process === 'string' && i18n.exists(`processes.${process}`))
    params.process = i18n.t(`processes.${process}`);
  return params;
}

/** The sentence to show for a failed call, following the catalogue description. */
export function apiErrorText(error: ApiError): string {
  if (error.status === 422 && error.fields.length > 0) return error.fields.map(fieldErrorText).join('\n');
  const { messageKey, text } = error.description;
  // A refusal naming its reason (ai_detector_unavailable: damage, interior_parts) says it when the catalogue can.
  const reason = error.params.reason;
  const specific = messageKey && typeof reason === 'string' ? `${messageKey}_${reason}` : undefined;
  if (specific && i18n.exists(specific)) return i18n.t(specific, errorParams(error));
  if (messageKey && i18n.exists(messageKey)) return i18n.t(messageKey, errorParams(error));
  return text ?? i18n.t('errors.general_error');
}
