import type { FieldError } from '@spinyard/domain';
import { i18n } from '../../../i18n/i18n.ts';
import { OPTION_CONTROLS, type OptionKey } from '../domains/optionFields.ts';

/**
 * Field errors of the tenancy forms in the user's language. The server and the domain package name each
 * refused field and the rule it broke; the text names the field by its label on the form and says the rule
 * (`validation.<rule>`), with the bounds where a number is out of range. A rule the console does not know yet
 * (`domain_in_use`) uses the catalogue's text of that code, else the server's own sentence.
 */

const DOMAIN_FIELD_LABELS: Readonly<Record<string, string>> = {
  host: 'domains.fields.host',
  company_code: 'domains.fields.company_code',
  service_name: 'domains.fields.service_name',
  company_name: 'domains.fields.company_name',
  host_flags: 'domains.fields.host_flags',
  super_user: 'domains.fields.super_user_email',
  'super_user.email': 'domains.fields.super_user_email',
  'super_user.name': 'domains.fields.super_user_name',
};

/** The catalogue key of a field's label, or undefined when the field has none. */
export function labelKeyOf(field: string, scope: 'domain' | 'company' = 'domain'): string | undefined {
  if (field.startsWith('options.')) return `options.labels.${field.slice('options.'.length)}`;
  if (scope === 'domain' && DOMAIN_FIELD_LABELS[field]) return DOMAIN_FIELD_LABELS[field];
  if (scope === 'company') return `companies.fields.${field}`;
  return undefined;
}

export interface FieldTextOptions {
  scope?: 'domain' | 'company';
  /** The label to name the field with, when the caller has it at hand. */
  label?: string;
  /** Bounds of a number, for `range`. */
  bounds?: { min: number; max: number };
  /** The field is chosen, not typed: a missing value reads "select {name}". */
  select?: boolean;
}

/** The bounds of a domain option's number, when it has some. */
export function optionBounds(field: string): { min: number; max: number } | undefined {
  if (!field.startsWith('options.')) return undefined;
  const control = OPTION_CONTROLS[field.slice('options.'.length) as OptionKey];
  return control?.kind === 'number' ? { min: control.min, max: control.max } : undefined;
}

export function fieldErrorText(error: FieldError, options: FieldTextOptions = {}): string {
  const labelKey = labelKeyOf(error.field, options.scope);
  const label = options.label ?? (labelKey && i18n.exists(labelKey) ? i18n.t(labelKey) : error.field);
  const bounds = options.bounds ?? optionBounds(error.field);
  if (error.rule === 'range' && bounds) {
    const locale = i18n.resolvedLanguage ?? i18n.language;
    return i18n.t('options.errors.range', {
      field: label,
      min: bounds.min.toLocaleString(locale),
      max: bounds.max.toLocaleString(locale),
    });
  }
  if (error.rule === 'required' && options.select) return i18n.t('validation.select', { field: label });
  const ruleKey = `validation.${error.rule}`;
  if (i18n.exists(ruleKey)) return i18n.t(ruleKey, { field: label });
  const codeKey = `errors.${error.rule}`;
  if (i18n.exists(codeKey)) return i18n.t(codeKey);
  return error.message;
}
