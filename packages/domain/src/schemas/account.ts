import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { FIELD_RULE_MESSAGES, ruleIssue } from './field-errors.ts';

/**
 * Account forms and bodies (second document section 5, "Accounts and passwords"; first document section 3,
 * "Account change"): password, e-mail, password change, e-mail change, the login form.
 *
 * Readings (copied to docs/decisions.md):
 * - "No accented characters" is enforced as "printable ASCII only" (U+0020 to U+007E): accented letters,
 *   full-width letters and digits, kana and emoji are all refused with rule `ascii_only`. Spaces are allowed, as
 *   in any passphrase. A password that differs only by such characters would be unusable on a phone keyboard
 *   set to another script, which is the point of the rule.
 * - "Letters plus digits are recommended": a recommendation, not a rule. `isPasswordRecommended` lets the console
 *   show a hint; the server accepts any 8+ printable-ASCII password. (The spec's other reading, "alphanumeric
 *   required", would refuse passphrases like "correct horse battery staple" for no security gain.)
 * - Passwords are at most 128 characters (PASSWORD_MAX_LENGTH; the spec gives no maximum).
 * - E-mail addresses are trimmed and lower-cased before any check, so uniqueness ignores letter case; at most
 *   254 characters (RFC 5321). Passwords are never trimmed: a space is a character like any other.
 * - In the password change, the current password is only required, not checked against today's rules: an old
 *   account may predate them and must still be able to change its password. "Retype must match" is reported on
 *   the retype field, "new differs from current" on the new password field; both are checked even when another
 *   field has an error, so the form shows everything at once.
 * - The retyped e-mail is compared after the same trimming and lower-casing as the new e-mail.
 * - The login form only needs a non-empty username and password; it does not check the e-mail format, so a
 *   malformed username fails like a wrong one (login failure), revealing nothing.
 */

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export const PASSWORD_MESSAGES = {
  required: 'Enter a password.',
  min_length: `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  max_length: `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`,
  ascii_only:
    'The password may contain only half-width letters, digits and symbols (no accented or full-width characters).',
} as const;

/** Printable ASCII only: the "no accented characters" rule. */
export function isPrintableAscii(value: string): boolean {
  return PRINTABLE_ASCII.test(value);
}

/** The spec recommends letters plus digits; the console may hint when a password has not both. */
export function isPasswordRecommended(password: string): boolean {
  return /[A-Za-z]/.test(password) && /[0-9]/.test(password);
}

export const passwordSchema = z
  .string()
  .min(1, { error: PASSWORD_MESSAGES.required, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.min_length })
  .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.max_length })
  .refine(isPrintableAscii, ruleIssue('ascii_only', PASSWORD_MESSAGES.ascii_only));

export const EMAIL_MESSAGES = {
  required: 'Enter an e-mail address.',
  max_length: `The e-mail address must have at most ${EMAIL_MAX_LENGTH} characters.`,
  email: 'Enter a valid e-mail address.',
} as const;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: EMAIL_MESSAGES.required, abort: true })
  .max(EMAIL_MAX_LENGTH, { error: EMAIL_MESSAGES.max_length, abort: true })
  .pipe(z.email({ error: EMAIL_MESSAGES.email }));

/** Bound on a secret that is only compared, never stored: keeps a hostile input from costing a long hash. */
const SECRET_INPUT_MAX_LENGTH = 1024;

/** A required text that is not checked further (the current password; the login password). */
const requiredSecret = (message: string) =>
  z.string().min(1, { error: message }).max(SECRET_INPUT_MAX_LENGTH, { error: FIELD_RULE_MESSAGES.max_length });

type Obj = Record<string, unknown>;
/** Run a cross-field check whenever the named fields are strings, even if other fields failed. */
const whenStrings =
  (...keys: string[]) =>
  (payload: { value: unknown }): boolean =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    keys.every((k) => typeof (payload.value as Obj)[k] === 'string');

export const PASSWORD_CHANGE_MESSAGES = {
  current_required: 'Enter your current password.',
  retype_required: 'Enter the new password again.',
  must_match: 'The new password and its retype do not match.',
  must_differ: 'The new password must differ from the current password.',
} as const;

export const passwordChangeSchema = z
  .object({
    currentPassword: requiredSecret(PASSWORD_CHANGE_MESSAGES.current_required),
    newPassword: passwordSchema,
    retypedNewPassword: z.string().min(1, { error: PASSWORD_CHANGE_MESSAGES.retype_required }),
  })
  .superRefine(
    (v, ctx) => {
      if (v.retypedNewPassword !== '' && v.retypedNewPassword !== v.newPassword) {
        ctx.addIssue({
          code: 'custom',
          path: ['retypedNewPassword'],
          message: PASSWORD_CHANGE_MESSAGES.must_match,
          params: { rule: 'must_match' },
        });
      }
      if (v.newPassword !== '' && v.newPassword === v.currentPassword) {
        ctx.addIssue({
          code: 'custom',
          path: ['newPassword'],
          message: PASSWORD_CHANGE_MESSAGES.must_differ,
          params: { rule: 'must_differ' },
        });
      }
    },
    { when: whenStrings('currentPassword', 'newPassword', 'retypedNewPassword') },
  );
export type PasswordChange = z.output<typeof passwordChangeSchema>;

export const EMAIL_CHANGE_MESSAGES = {
  retype_required: 'Enter the new e-mail address again.',
  must_match: 'The new e-mail address and its retype do not match.',
} as const;

const normaliseEmail = (value: string): string => value.trim().toLowerCase();

export const emailChangeSchema = z
  .object({
    newEmail: emailSchema,
    retypedNewEmail: z.string().trim().toLowerCase().min(1, { error: EMAIL_CHANGE_MESSAGES.retype_required }),
  })
  .superRefine(
    (v, ctx) => {
      const retyped = normaliseEmail(v.retypedNewEmail);
      if (retyped !== '' && retyped !== normaliseEmail(v.newEmail)) {
        ctx.addIssue({
          code: 'custom',
          path: ['retypedNewEmail'],
          message: EMAIL_CHANGE_MESSAGES.must_match,
          params: { rule: 'must_match' },
        });
      }
    },
    { when: whenStrings('newEmail', 'retypedNewEmail') },
  );
export type EmailChange = z.output<typeof emailChangeSchema>;

/** A mail to an account's address (a password reset, a new activation mail). */
export const emailRequestBody = z.object({ email: emailSchema });
export type EmailRequestBody = z.input<typeof emailRequestBody>;

/**
 * A new password and its retype (the password-reset link, the first password after activation): the password
 * rules, an empty retype `required`, a different one `must_match` on the retype, checked even when the password
 * itself was refused.
 */
export const newPasswordBody = z
  .object({
    password: passwordSchema,
    retypedPassword: z.string().min(1, { error: PASSWORD_CHANGE_MESSAGES.retype_required }),
  })
  .superRefine(
    (v, ctx) => {
      if (v.retypedPassword !== '' && v.retypedPassword !== v.password) {
        ctx.addIssue({
          code: 'custom',
          path: ['retypedPassword'],
          message: PASSWORD_CHANGE_MESSAGES.must_match,
          params: { rule: 'must_match' },
        });
      }
    },
    { when: whenStrings('password', 'retypedPassword') },
  );
export type NewPasswordBody = z.input<typeof newPasswordBody>;

export const LOGIN_FORM_MESSAGES = {
  username_required: 'Enter your e-mail address.',
  password_required: 'Enter your password.',
} as const;

export const loginFormSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, { error: LOGIN_FORM_MESSAGES.username_required })
    .max(EMAIL_MAX_LENGTH, { error: EMAIL_MESSAGES.max_length }),
  password: requiredSecret(LOGIN_FORM_MESSAGES.password_required),
});
export type LoginForm = z.output<typeof loginFormSchema>;
