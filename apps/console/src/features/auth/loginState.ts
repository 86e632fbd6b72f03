import type { CodeDelivery, DeviceLimitOutcome } from '../../api/loginAnswer.ts';
import type { ReturnState } from '../../shared/returnPath.ts';

/**
 * What the sign-in screens hand each other in the router's location state: where the user wanted to go (`from`,
 * kept through every step), why they are back at the login form (`notice`), where the code went (`delivery`, for
 * /login/authentication) and the device list of a limit reached after the second step (`deviceLimit`).
 */
export interface LoginState extends ReturnState {
  notice?: LoginNotice;
  delivery?: CodeDelivery[];
  deviceLimit?: DeviceLimitOutcome;
}

/** Why the login form is shown again; each has its sentence (`loginNotices`). */
export type LoginNotice =
  /** The two-step code expired: sign in again for a new one. */
  | 'two_step_code_expired'
  /** Too many wrong codes: the held sign-in ended. */
  | 'two_step_code_invalid'
  /** The held sign-in (202 or 201) timed out or was ended on the server. */
  | 'sign_in_ended'
  /** The user asked for a new code: signing in again sends one. */
  | 'new_code';

export const LOGIN_NOTICES: readonly LoginNotice[] = [
  'two_step_code_expired',
  'two_step_code_invalid',
  'sign_in_ended',
  'new_code',
];

/** The i18n key of a notice's sentence. */
export function loginNoticeKey(notice: LoginNotice): string {
  switch (notice) {
    case 'two_step_code_expired':
      return 'errors.two_step_code_expired';
    case 'two_step_code_invalid':
      return 'errors.two_step_code_invalid';
    case 'sign_in_ended':
      return 'loginNotices.signInEnded';
    case 'new_code':
      return 'loginNotices.newCode';
  }
}

const objectOf = (state: unknown): Record<string, unknown> =>
  typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};

export function loginNoticeOf(state: unknown): LoginNotice | undefined {
  const notice = objectOf(state).notice;
  return LOGIN_NOTICES.find((n) => n === notice);
}

export function deliveryOfState(state: unknown): CodeDelivery[] | undefined {
  const delivery = objectOf(state).delivery;
  if (!Array.isArray(delivery)) return undefined;
  const known = delivery.filter((d): d is CodeDelivery => d === 'mail' || d === 'sms');
  return known.length > 0 ? known : undefined;
}

export function deviceLimitOfState(state: unknown): DeviceLimitOutcome | undefined {
  const limit = objectOf(state).deviceLimit;
  const o = objectOf(limit);
  return o.kind === 'device_limit' && typeof o.tempToken === 'string' && Array.isArray(o.devices)
    ? (limit as DeviceLimitOutcome)
    : undefined;
}

/** The next screen's state: only the return path travels on, plus what that screen needs. */
export function nextLoginState(state: unknown, extra: Omit<LoginState, 'from'> = {}): LoginState {
  const from = objectOf(state).from;
  return typeof from === 'string' ? { from, ...extra } : { ...extra };
}
