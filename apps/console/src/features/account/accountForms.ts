import {
  type EmailChange,
  emailChangeSchema,
  FIELD_RULE_MESSAGES,
  type FieldError,
  parseFields,
} from '@spinyard/domain';

/**
 * The e-mail change as the server checks it: the domain's emailChangeSchema (format, retype), and the new
 * address must differ from the current one (compared trimmed and lower-cased, as the server stores addresses).
 */
export function emailChangeErrors(values: EmailChange, currentEmail: string): FieldError[] {
  const parsed = parseFields(emailChangeSchema, values);
  const errors = parsed.ok ? [] : [...parsed.fields];
  const next = values.newEmail.trim().toLowerCase();
  if (next !== '' && next === currentEmail.trim().toLowerCase() && !errors.some((e) => e.field === 'newEmail')) {
    errors.push({ field: 'newEmail', rule: 'must_differ', message: FIELD_RULE_MESSAGES.must_differ });
  }
  return errors;
}
