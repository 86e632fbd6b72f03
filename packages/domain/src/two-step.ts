import { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import { ruleIssue } from './schemas/field-errors.ts';

/**
 * Two-step authentication (first document section 4, answer 202 and /login/authentication; section 6: "two-step
 * authentication can be forced per user"; second document section 5: "two-step codes can be invalid or expired").
 *
 * Readings (copied to docs/decisions.md):
 * - The code is 6 decimal digits, sent by mail (and SMS when set up), valid for 10 minutes, for one sign-in.
 *   Spaces the user types around or inside it are ignored; nothing else is.
 * - At most 5 wrong codes per challenge. After the fifth the challenge is dead: even the right code is refused as
 *   invalid, and the user signs in again (which sends a new code). Expiry is checked before the code, so a late
 *   right code says "expired", the more useful message.
 * - Required when any of: the user is forced (set on the user by an operator, whatever the domain says); the
 *   domain enforces it for everyone; or the domain offers it and the user turned it on for themself. A user's own
 *   choice counts only where the domain offers the feature.
 */

export const TWO_STEP_CODE_LENGTH = 6;
export const TWO_STEP_CODE_TTL_MS = 10 * 60 * 1000;
export const TWO_STEP_MAX_ATTEMPTS = 5;
/**
 * Wrong codes of one account, from any address, after which a new second step waits until the oldest is this old:
 * reaching the second step takes the right password, so only someone who has it is held back (issue 18).
 */
export const TWO_STEP_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const TWO_STEP_CODE_MESSAGE = `Enter the ${TWO_STEP_CODE_LENGTH}-digit code.`;

/** Drop the spaces a user may type or paste into the code. */
export function normaliseTwoStepCode(input: string): string {
  return input.replace(/\s+/g, '');
}

export function isTwoStepCodeFormat(code: string): boolean {
  return new RegExp(`^[0-9]{${TWO_STEP_CODE_LENGTH}}$`).test(code);
}

export const twoStepCodeSchema = z
  .string()
  .transform(normaliseTwoStepCode)
  .refine(isTwoStepCodeFormat, ruleIssue('format', TWO_STEP_CODE_MESSAGE));

/** A code from a random integer (any size): the last 6 digits, zero-padded. The caller supplies the randomness. */
export function formatTwoStepCode(random: number): string {
  const n = Math.abs(Math.trunc(random)) % 10 ** TWO_STEP_CODE_LENGTH;
  return String(n).padStart(TWO_STEP_CODE_LENGTH, '0');
}

export function isTwoStepRequired(input: {
  userForced: boolean;
  domainEnabled: boolean;
  domainEnforced: boolean;
  userEnabled: boolean;
}): boolean {
  return input.userForced || input.domainEnforced || (input.domainEnabled && input.userEnabled);
}

export interface TwoStepChallengeState {
  /** Wrong codes entered so far. */
  attempts: number;
  expiresAtMs: number;
  /** Whether the challenge was already used to sign in. */
  consumed: boolean;
}

/**
 * Judge a submitted code against a challenge. `codeMatches` is the server's comparison of the code with the
 * stored hash (only meaningful when the format is right). Answers the outcome and, for a refusal, whether the
 * wrong attempt must be counted.
 */
export function judgeTwoStepCode(
  challenge: TwoStepChallengeState,
  submitted: string,
  codeMatches: (normalisedCode: string) => boolean,
  nowMs: number,
): { ok: true } | { ok: false; reason: ErrorCode; countAttempt: boolean } {
  if (challenge.consumed || challenge.attempts >= TWO_STEP_MAX_ATTEMPTS) {
    return { ok: false, reason: 'two_step_code_invalid', countAttempt: false };
  }
  if (nowMs >= challenge.expiresAtMs) return { ok: false, reason: 'two_step_code_expired', countAttempt: false };
  const code = normaliseTwoStepCode(submitted);
  if (!isTwoStepCodeFormat(code) || !codeMatches(code)) {
    return { ok: false, reason: 'two_step_code_invalid', countAttempt: true };
  }
  return { ok: true };
}
