/**
 * Lifetimes of the one-time tokens mailed to users (activation, password reset, e-mail change). The tokens are
 * random and stored hashed by the server; these are the rules about time.
 *
 * Readings (copied to docs/decisions.md):
 * - Password reset links last 1 hour: long enough to open the mail, short enough that an old mail in a shared
 *   inbox is useless.
 * - Activation links last 7 days: a new super user may not read the mail the same day; "resend" issues a new one.
 * - E-mail change confirmations last 24 hours.
 * - A token is expired from its expiry instant on (the instant itself is expired), and a used token is never valid
 *   again; asking again replaces earlier unused tokens of the same purpose.
 */

const HOUR_MS = 60 * 60 * 1000;

export const PASSWORD_RESET_TTL_MS = HOUR_MS;
export const ACTIVATION_TTL_MS = 7 * 24 * HOUR_MS;
export const EMAIL_CHANGE_TTL_MS = 24 * HOUR_MS;

export const ONE_TIME_TOKEN_PURPOSES = ['activation', 'password_reset', 'email_change'] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

export const ONE_TIME_TOKEN_TTL_MS: Readonly<Record<OneTimeTokenPurpose, number>> = {
  activation: ACTIVATION_TTL_MS,
  password_reset: PASSWORD_RESET_TTL_MS,
  email_change: EMAIL_CHANGE_TTL_MS,
};

export function tokenExpiresAt(purpose: OneTimeTokenPurpose, issuedAtMs: number): number {
  return issuedAtMs + ONE_TIME_TOKEN_TTL_MS[purpose];
}

export type OneTimeTokenState = 'valid' | 'expired' | 'used';

export function oneTimeTokenState(
  token: { expiresAtMs: number; usedAtMs: number | null },
  nowMs: number,
): OneTimeTokenState {
  if (token.usedAtMs !== null) return 'used';
  return nowMs >= token.expiresAtMs ? 'expired' : 'valid';
}
