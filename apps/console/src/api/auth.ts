import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { describeDevice, interpretLoginAnswer, type LoginOutcome } from './loginAnswer.ts';
import { clearLocalSession } from './session.ts';
import { tokens } from './tokens.ts';

/** Sent as `application`, so the login-device list can tell the console from the mobile apps. */
const APPLICATION_NAME = 'spinyard-console';

export interface Credentials {
  username: string;
  password: string;
}

/**
 * Stores what an outcome carries. A new sign-in first drops everything of the previous session in this tab
 * (cached profile, list conditions) so nothing of another user leaks into the new one.
 */
function storeOutcome(outcome: LoginOutcome): void {
  if (outcome.kind === 'signed_in') {
    clearLocalSession();
    tokens.saveSignedIn(outcome.accessToken, outcome.contentToken);
  } else if (outcome.kind === 'device_limit' || outcome.kind === 'second_step') {
    tokens.saveTemporary(outcome.tempToken);
  }
}

/** POST /v1/auth/token. Failures reject with an ApiError and show nothing: the login form explains them itself. */
export async function login({ username, password }: Credentials): Promise<LoginOutcome> {
  const { status, data } = await apiRequest<unknown>('/v1/auth/token', {
    method: 'POST',
    auth: 'none',
    errors: 'silent',
    form: {
      grant_type: 'password',
      username: username.trim(),
      password,
      scope: '',
      device: describeDevice(navigator.userAgent),
      application: APPLICATION_NAME,
    },
  });
  const outcome = interpretLoginAnswer(status, data);
  storeOutcome(outcome);
  return outcome;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/**
 * Second sign-in step (202): the code sent to the user, with the temporary token. The server endpoint comes
 * with the two-step issue; until then the call answers 404 and the form says so.
 */
export async function submitSecondStep(code: string): Promise<LoginOutcome> {
  const { status, data } = await apiRequest<unknown>('/v1/auth/token/authentication', {
    method: 'POST',
    auth: 'none',
    errors: 'silent',
    form: { token: tokens.temp() ?? '', code: code.trim() },
  });
  const outcome = interpretLoginAnswer(status, data);
  storeOutcome(outcome);
  return outcome;
}

export function useSecondStep() {
  return useMutation({ mutationFn: submitSecondStep });
}

/** POST /v1/auth/token/revoke. It answers 200 even for an unknown token, so a failure is only the network. */
export async function revokeToken(token: string): Promise<void> {
  await apiRequest('/v1/auth/token/revoke', { method: 'POST', auth: 'none', errors: 'silent', form: { token } });
}

let loggingOut: Promise<void> | null = null;

/**
 * Logout (second document, section 7): revoke the token, then clear tokens, saved list conditions and the
 * session cache whatever the revoke answered; the local session must end even when the server is unreachable.
 * Concurrent calls share one run (React runs effects twice in development).
 */
export function logout(): Promise<void> {
  loggingOut ??= (async () => {
    const token = tokens.access();
    try {
      if (token) await revokeToken(token);
    } catch {
      // Unreachable server: the token expires on its own; the browser forgets it now.
    } finally {
      clearLocalSession();
      loggingOut = null;
    }
  })();
  return loggingOut;
}
