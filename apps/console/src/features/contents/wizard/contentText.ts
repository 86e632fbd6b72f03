import {
  CONTENT_NUMBER_BOUNDS,
  CONTENT_TEXT_MAX,
  type FieldError,
  INSPECTION_COMMENT_MAX,
  LIMITED_PASSWORD_BOUNDS,
} from '@spinyard/domain';
import { ApiError } from '../../../api/apiError.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { fieldMessage } from '../../../forms/formErrors.ts';
import { i18n } from '../../../i18n/i18n.ts';
import type { EditLock } from './editLock.ts';

/**
 * The vehicle's texts outside React: a field's name (`contentFields.<key>`, the same labels the CSV page uses),
 * a refusal with the bound it broke, and why a vehicle cannot be edited.
 */

/** The catalogue key of a form path's name: `inspection.marks.2.level` is a mark's level. */
export function contentFieldNameKey(field: string): string {
  const parts = field.split('.');
  if (parts[0] === 'inspection' && parts[1] === 'marks') {
    return parts.length > 3 ? `contentsWizard.inspector.${parts[3]}` : 'contentsWizard.inspector.marks';
  }
  return `contentFields.${parts[0] === 'inspection' ? (parts[1] ?? 'inspection') : field}`;
}

const TEXT_MAX: Readonly<Record<string, number>> = {
  ...CONTENT_TEXT_MAX,
  'inspection.comment': INSPECTION_COMMENT_MAX,
  'inspection.inspector_name': 100,
};
const FORMAT_HINTS = new Set(['chassis_number', 'inspection_period', 'analytics_tag', 'inspection.inspected_on']);

/** One refused field in the user's language, with the limit it broke where the domain names one. */
export function contentFieldErrorText(error: FieldError): string {
  const nameKey = contentFieldNameKey(error.field);
  const field = i18n.t(nameKey);
  const { rule } = error;
  if (rule === 'requires' && error.field === 'first_registration_year') {
    return i18n.t('contentsWizard.errors.yearWithMonth');
  }
  if (rule === 'range' && error.field === 'total_price_with_tax')
    return i18n.t('contentsWizard.errors.totalBelowPrice');
  const bounds = (CONTENT_NUMBER_BOUNDS as Record<string, { min: number; max: number }>)[error.field];
  if (rule === 'range' && bounds) {
    return i18n.t('contentsWizard.errors.range', {
      field,
      min: bounds.min.toLocaleString(i18n.language),
      max: bounds.max.toLocaleString(i18n.language),
    });
  }
  const max = TEXT_MAX[error.field];
  if (rule === 'max_length' && max !== undefined) return i18n.t('contentsWizard.errors.maxLength', { field, max });
  if (error.field === 'limited_password' && (rule === 'min_length' || rule === 'max_length')) {
    return i18n.t('contentsWizard.errors.passwordLength', LIMITED_PASSWORD_BOUNDS);
  }
  if (rule === 'format' && FORMAT_HINTS.has(error.field)) {
    return i18n.t(`contentsWizard.errors.format_${error.field.replace('inspection.', '')}`);
  }
  return fieldMessage(error, nameKey);
}

/** Why the vehicle cannot be edited, in the user's language (the server's content_linked / content_locked). */
export function editLockText(lock: EditLock): string {
  if (lock.reason === 'deleted') return i18n.t('contentsWizard.lock.deleted');
  if (lock.reason === 'listing') {
    return i18n.t('contentsWizard.lock.listing', { state: i18n.t(`contentsWizard.linkStates.${lock.state}`) });
  }
  const names = lock.processes.map((p) => i18n.t(`processes.${p}`)).join(i18n.t('contentsWizard.listSeparator'));
  return i18n.t('contentsWizard.lock.process', { process: names });
}

/**
 * A refused save as the form shows it: each refused field by its form path (a call's own fields under `prefix`,
 * as the inspection call names them), a mark's refusal on the mark list, and anything else above the form.
 */
export function contentRefusalOf(
  error: unknown,
  prefix = '',
): { form?: string; fields: Partial<Record<string, string>> } {
  if (!(error instanceof ApiError)) return { form: i18n.t('errors.general_error'), fields: {} };
  // A management ID another vehicle holds is about that field.
  if (error.code === 'duplicate_vehicle_id') return { fields: { management_id: apiErrorText(error) } };
  if (error.fields.length === 0) return { form: apiErrorText(error), fields: {} };
  const fields: Partial<Record<string, string>> = {};
  const others: string[] = [];
  for (const refused of error.fields) {
    const path = `${prefix}${refused.field}`;
    const text = contentFieldErrorText({ ...refused, field: path });
    const mark = /^inspection\.marks\.(\d+)\./.exec(path);
    if (mark)
      fields['inspection.marks'] ??= i18n.t('contentsWizard.inspector.markRefused', { n: Number(mark[1]) + 1, text });
    else if (path.length > 0) fields[path] ??= text;
    else others.push(text);
  }
  return others.length > 0 ? { form: others.join('\n'), fields } : { fields };
}
