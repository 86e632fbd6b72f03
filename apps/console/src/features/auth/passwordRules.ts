import {
  type FieldError,
  isPasswordRecommended,
  isPrintableAscii,
  PASSWORD_CHANGE_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  parseFields,
  passwordSchema,
} from '@spinyard/domain';

/**
 * The account rules for a new password (second document, section 5; the domain's passwordSchema), as a
 * checklist the user sees fill up while typing, and as the check made before sending.
 */

export type PasswordRuleId = 'min_length' | 'max_length' | 'ascii_only' | 'letters_and_digits' | 'retype_matches';

export interface PasswordRuleState {
  id: PasswordRuleId;
  met: boolean;
  /** A recommendation (letters and digits), not a rule: an unmet one does not stop the form. */
  advisory: boolean;
}

/** Each rule of the checklist for what has been typed so far. */
export function passwordChecklist(password: string, retyped: string): PasswordRuleState[] {
  return [
    { id: 'min_length', met: password.length >= PASSWORD_MIN_LENGTH, advisory: false },
    { id: 'max_length', met: password.length <= PASSWORD_MAX_LENGTH, advisory: false },
    { id: 'ascii_only', met: password !== '' && isPrintableAscii(password), advisory: false },
    { id: 'letters_and_digits', met: isPasswordRecommended(password), advisory: true },
    { id: 'retype_matches', met: retyped !== '' && retyped === password, advisory: false },
  ];
}

/**
 * The new password and its retype, checked as the server will (passwordSchema, then "retype must match"), with
 * the errors on the form's own field names. An empty retype is "required" rather than "does not match".
 */
export function newPasswordErrors(
  password: string,
  retyped: string,
  names: { password: string; retyped: string },
): FieldError[] {
  const errors: FieldError[] = [];
  const parsed = parseFields(passwordSchema, password);
  if (!parsed.ok) {
    // passwordSchema checks one value: its errors carry the field name '' and take the form's name here.
    for (const e of parsed.fields) errors.push({ ...e, field: names.password });
  }
  if (retyped === '') {
    errors.push({ field: names.retyped, rule: 'required', message: PASSWORD_CHANGE_MESSAGES.retype_required });
  } else if (retyped !== password) {
    errors.push({ field: names.retyped, rule: 'must_match', message: PASSWORD_CHANGE_MESSAGES.must_match });
  }
  return errors;
}
