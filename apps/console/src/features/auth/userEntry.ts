import { emailSchema, FIELD_RULE_MESSAGES, type FieldError, parseFields } from '@spinyard/domain';
import { newPasswordErrors } from './passwordRules.ts';

/**
 * The self-registration form of /user/entry (first document section 2; the terms accepted first, second document
 * section 5), checked before sending as the server will check it (users/schemas.ts registrationBody), with the
 * errors on the server's own field names so that both read alike.
 */

export type EntryField = 'company_name' | 'name' | 'email' | 'password' | 'retypedPassword' | 'phone' | 'accept_terms';

/** In the order of the form: the first refused one takes the focus. */
export const ENTRY_FIELDS: readonly EntryField[] = [
  'company_name',
  'name',
  'email',
  'password',
  'retypedPassword',
  'phone',
  'accept_terms',
];

export interface EntryValues {
  companyName: string;
  name: string;
  email: string;
  password: string;
  retyped: string;
  phone: string;
  acceptTerms: boolean;
}

/** The server's limit on a name (text().max(100)) and on a phone number. */
export const ENTRY_TEXT_MAX_LENGTH = 100;
export const ENTRY_PHONE_MAX_LENGTH = 20;
const PHONE_PATTERN = /^\+?[0-9]+(-[0-9]+)*$/;

function textErrors(field: EntryField, value: string): FieldError[] {
  const text = value.trim();
  if (text === '') return [{ field, rule: 'required', message: FIELD_RULE_MESSAGES.required }];
  if (text.length > ENTRY_TEXT_MAX_LENGTH)
    return [{ field, rule: 'max_length', message: FIELD_RULE_MESSAGES.max_length }];
  return [];
}

/** Every refusal of the form as it stands; an empty list means it can be sent. */
export function entryErrors(values: EntryValues): FieldError[] {
  const errors: FieldError[] = [...textErrors('company_name', values.companyName), ...textErrors('name', values.name)];
  const email = parseFields(emailSchema, values.email);
  if (!email.ok) errors.push(...email.fields.map((e) => ({ ...e, field: 'email' })));
  errors.push(
    ...newPasswordErrors(values.password, values.retyped, { password: 'password', retyped: 'retypedPassword' }),
  );
  const phone = values.phone.trim();
  if (phone.length > ENTRY_PHONE_MAX_LENGTH) {
    errors.push({ field: 'phone', rule: 'max_length', message: FIELD_RULE_MESSAGES.max_length });
  } else if (phone !== '' && !PHONE_PATTERN.test(phone)) {
    errors.push({ field: 'phone', rule: 'format', message: FIELD_RULE_MESSAGES.format });
  }
  if (!values.acceptTerms) {
    errors.push({ field: 'accept_terms', rule: 'required', message: FIELD_RULE_MESSAGES.required });
  }
  return errors;
}

/** The request body: trimmed texts, the phone only when given, the terms accepted. */
export function entryBody(values: EntryValues) {
  const phone = values.phone.trim();
  return {
    company_name: values.companyName.trim(),
    name: values.name.trim(),
    email: values.email.trim().toLowerCase(),
    password: values.password,
    accept_terms: true as const,
    ...(phone ? { phone } : {}),
  };
}
