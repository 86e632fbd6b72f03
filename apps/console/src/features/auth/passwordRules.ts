import { isPasswordRecommended, isPrintableAscii, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@spinyard/domain';

/**
 * The account rules for a new password (second document, section 5; the domain's passwordSchema), as a
 * checklist the user sees fill up while typing (the check before sending is authForms' newPasswordFormSchema).
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
