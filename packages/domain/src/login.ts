/**
 * Login outcome by the status of POST /v1/auth/token (first document section 4, second document section 7).
 * Both sides read this: the server picks the status from the outcome, the console picks what to store and
 * where to go from the status.
 */
export const LOGIN_OUTCOMES = ['signed_in', 'device_limit_reached', 'second_step_required', 'failed'] as const;
export type LoginOutcome = (typeof LOGIN_OUTCOMES)[number];

/** Which token the console keeps after the answer. */
export type LoginTokenStorage = 'access_and_content' | 'temporary' | 'none';

export interface LoginOutcomeEffect {
  outcome: LoginOutcome;
  stores: LoginTokenStorage;
  /** Where the console goes next; `undefined` means it stays on the login screen (to show the failure or the device list). */
  next: '/top' | '/login/authentication' | undefined;
}

export const LOGIN_STATUS_BY_OUTCOME = {
  signed_in: 200,
  device_limit_reached: 201,
  second_step_required: 202,
  failed: 400,
} as const satisfies Record<LoginOutcome, number>;

/** Outcome for a response status; any status other than 200, 201 and 202, or no answer at all, is a failure. */
export function loginOutcomeOf(status: number | undefined): LoginOutcome {
  switch (status) {
    case 200:
      return 'signed_in';
    case 201:
      return 'device_limit_reached';
    case 202:
      return 'second_step_required';
    default:
      return 'failed';
  }
}

/** A missing username or password is a login failure without asking the server. */
export function hasLoginCredentials(username: string | undefined, password: string | undefined): boolean {
  return (username ?? '').trim() !== '' && (password ?? '') !== '';
}

export function loginOutcomeEffect(outcome: LoginOutcome): LoginOutcomeEffect {
  switch (outcome) {
    case 'signed_in':
      return { outcome, stores: 'access_and_content', next: '/top' };
    case 'device_limit_reached':
      // The device list is shown where the user is; logging one device out retries with the temporary token.
      return { outcome, stores: 'temporary', next: undefined };
    case 'second_step_required':
      return { outcome, stores: 'temporary', next: '/login/authentication' };
    case 'failed':
      return { outcome, stores: 'none', next: undefined };
  }
}

/** Logged in means a stored access token exists. */
export function isLoggedIn(accessToken: string | null | undefined): boolean {
  return typeof accessToken === 'string' && accessToken !== '';
}

/**
 * The "logged in as another user" alert: another tab replaced the stored token. A token appearing where there was
 * none is this tab's own login, and a token disappearing is a logout; neither is another user.
 */
export function isAnotherUserLogin(
  previousToken: string | null | undefined,
  currentToken: string | null | undefined,
): boolean {
  return isLoggedIn(previousToken) && isLoggedIn(currentToken) && previousToken !== currentToken;
}
