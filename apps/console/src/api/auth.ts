import {
  type DeviceLogoutForm,
  describeErrorResponse,
  type LoginForm,
  type TokenForm,
  type TwoStepCodeForm,
} from '@spinyard/domain';
import { ApiError } from './apiError.ts';
import { apiRequest } from './client.ts';
import {
  type DeviceList,
  describeDevice,
  deviceListOf,
  interpretLoginAnswer,
  type LoginOutcome,
} from './loginAnswer.ts';
import { clearLocalSession, forgetPreviousSession } from './session.ts';
import { tokens } from './tokens.ts';
import { buildUrl } from './url.ts';

/** Sent as `application`, so the login-device list can tell the console from the mobile apps. */
export const APPLICATION_NAME = 'spinyard-console';

/** What the login form sends: the domain's login form (a non-empty username and password). */
export type Credentials = LoginForm;

/**
 * Stores what an outcome carries. A new sign-in first drops everything of the previous session in this tab
 * (cached profile, list conditions) so nothing of another user leaks into the new one.
 */
function storeOutcome(outcome: LoginOutcome): void {
  if (outcome.kind === 'signed_in') {
    forgetPreviousSession();
    tokens.saveSignedIn(outcome.accessToken, outcome.contentToken);
  } else if (outcome.kind === 'device_limit' || outcome.kind === 'second_step') {
    tokens.saveTemporary(outcome.tempToken);
  }
}

/**
 * A call that authenticates with the temporary token of a held sign-in (the 201 or 202 answer) rather than a
 * stored access token. Failures reject with an ApiError and show nothing: the sign-in screens explain them. A
 * 401 here ends only the held sign-in, never a signed-in session of this browser, so the client's logout
 * reaction must not run.
 */
async function heldRequest(
  path: string,
  form: Record<string, string> | undefined,
  method: 'GET' | 'POST' = 'POST',
): Promise<{ status: number; data: unknown }> {
  const temp = tokens.temp();
  if (!temp) throw new ApiError(401, null, describeErrorResponse(401, null));
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${temp}` };
  if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  let response: Response;
  try {
    response = await fetch(buildUrl(path, undefined, Date.now()), {
      method,
      headers,
      body: form ? new URLSearchParams(form).toString() : null,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, null, describeErrorResponse(0, null));
  }
  let data: unknown = null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      data = await response.json();
    } catch {
      data = null;
    }
  }
  if (response.ok) return { status: response.status, data };
  throw new ApiError(response.status, data, describeErrorResponse(response.status, data));
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
    } satisfies TokenForm,
  });
  const outcome = interpretLoginAnswer(status, data);
  storeOutcome(outcome);
  return outcome;
}

/**
 * Second sign-in step (202): POST /v1/auth/token/two-step with the temporary token and the code. 200 signs in;
 * 201 means the login limit is reached after all. 400 two_step_code_invalid may be retried; 400
 * two_step_code_expired and 401 end the held sign-in.
 */
export async function submitSecondStep(code: string): Promise<LoginOutcome> {
  const { status, data } = await heldRequest('/v1/auth/token/two-step', { code } satisfies TwoStepCodeForm);
  const outcome = interpretLoginAnswer(status, data);
  storeOutcome(outcome);
  return outcome;
}

/** POST /v1/auth/token/continue after a device was logged out: 200 signs in, 201 is the limit again, 401 ended. */
export async function continueSignIn(): Promise<LoginOutcome> {
  const { status, data } = await heldRequest('/v1/auth/token/continue', undefined);
  const outcome = interpretLoginAnswer(status, data);
  storeOutcome(outcome);
  return outcome;
}

/** GET /v1/login-activity/me with the temporary token of a 201: the devices as they are now. */
export async function heldDevices(): Promise<DeviceList> {
  return deviceListOf((await heldRequest('/v1/login-activity/me', undefined, 'GET')).data);
}

/** POST /v1/login-activity/me with the temporary token of a 201: logs one device out, answers the new list. */
export async function logoutDeviceWhileHeld(tokenId: string): Promise<DeviceList> {
  return deviceListOf(
    (await heldRequest('/v1/login-activity/me', { token_id: tokenId } satisfies DeviceLogoutForm)).data,
  );
}

/** POST /v1/auth/token/revoke. It answers 200 even for an unknown token, so a failure is only the network. */
export async function revokeToken(token: string): Promise<void> {
  await apiRequest('/v1/auth/token/revoke', { method: 'POST', auth: 'none', errors: 'silent', form: { token } });
}

/** Gives up a held sign-in (back to the login form): the temporary token is revoked, then forgotten. */
export function abandonHeldSignIn(): void {
  const temp = tokens.temp();
  tokens.clearTemporary();
  if (temp) void revokeToken(temp).catch(() => undefined);
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
