import {
  type CodeDelivery,
  type DeviceListAnswer,
  type LoginActivityAnswer,
  type LoginLimitedAnswer,
  loginOutcomeOf,
  type SecondStepAnswer,
  type SignedInAnswer,
} from '@spinyard/domain';

/**
 * What a sign-in answer means (first document, section 4 "Login outcome by response status"): the answers of
 * POST /v1/auth/token, /v1/auth/token/two-step and /v1/auth/token/continue. The status decides the outcome (the
 * domain's rule); this reads what the body carries for each one, in the server's shapes
 * (apps/server/src/modules/auth/routes.ts).
 */

/** One signed-in device of the user (an entry of `login_activities`). */
export interface LoginActivity {
  /** The session's id: sent as `token_id` to log that device out. */
  id: string;
  device: string;
  application: string;
  ip: string;
  createdAt: string | null;
  lastUsedAt: string | null;
  /** The session making the request (only ever true with an access token, never on the 201 screen). */
  current: boolean;
}

/** The device list of a 201 and of GET/POST /v1/login-activity/{id}. */
export interface DeviceList {
  devices: LoginActivity[];
  /** The simultaneous-login limit; null when none applies. */
  limit: number | null;
  serviceName: string;
  /** The device the server suggests logging out (the one unused the longest). */
  targetTokenId: string | null;
}

export type { CodeDelivery };

export type LoginOutcome =
  | { kind: 'signed_in'; accessToken: string; contentToken: string }
  | ({ kind: 'device_limit'; tempToken: string } & DeviceList)
  | { kind: 'second_step'; tempToken: string; delivery: CodeDelivery[]; expiresInSeconds: number | null }
  | { kind: 'failed' };

export type DeviceLimitOutcome = Extract<LoginOutcome, { kind: 'device_limit' }>;
export type SecondStepOutcome = Extract<LoginOutcome, { kind: 'second_step' }>;

/**
 * An answer's fields, each still unchecked (a screen must survive a partial answer), under the contract's own
 * names: a field renamed in the domain package breaks this build too.
 */
type Raw<T> = { [K in keyof T]?: unknown };

function objectOf<T>(value: unknown): Raw<T> {
  return typeof value === 'object' && value !== null ? (value as Raw<T>) : {};
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

const positiveInt = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

function activityOf(raw: unknown): LoginActivity | undefined {
  const a = objectOf<LoginActivityAnswer>(raw);
  const id = str(a.id);
  // Without an id the device could not be logged out; such an entry is not shown.
  if (!id) return undefined;
  return {
    id,
    device: str(a.device),
    application: str(a.application),
    ip: str(a.ip),
    createdAt: str(a.created_at) || null,
    lastUsedAt: str(a.last_used_at) || null,
    current: a.current === true,
  };
}

/** The device list of any answer that carries one (201, the login-activity calls). */
export function deviceListOf(body: unknown): DeviceList {
  const b = objectOf<DeviceListAnswer>(body);
  const devices = Array.isArray(b.login_activities)
    ? b.login_activities.map(activityOf).filter((a): a is LoginActivity => a !== undefined)
    : [];
  const target = str(b.target_token_id);
  return {
    devices,
    limit: positiveInt(b.login_limit_count),
    serviceName: str(b.service_name),
    // A suggestion that is not in the list cannot be highlighted: dropped.
    targetTokenId: target && devices.some((d) => d.id === target) ? target : null,
  };
}

function deliveryOf(value: unknown): CodeDelivery[] {
  if (!Array.isArray(value)) return ['mail'];
  const known = value.filter((v): v is CodeDelivery => v === 'mail' || v === 'sms');
  // The server always mails the code; an answer that names nothing still means "by mail".
  return known.length > 0 ? [...new Set(known)] : ['mail'];
}

export function interpretLoginAnswer(status: number, body: unknown): LoginOutcome {
  const b = objectOf<SignedInAnswer & LoginLimitedAnswer & SecondStepAnswer>(body);
  const outcome = loginOutcomeOf(status);
  if (outcome === 'signed_in') {
    const accessToken = str(b.access_token);
    const contentToken = str(b['content-token']);
    return accessToken && contentToken ? { kind: 'signed_in', accessToken, contentToken } : { kind: 'failed' };
  }
  const tempToken = str(b.temporary_token);
  if (!tempToken) return { kind: 'failed' };
  if (outcome === 'device_limit_reached') return { kind: 'device_limit', tempToken, ...deviceListOf(b) };
  if (outcome === 'second_step_required') {
    return {
      kind: 'second_step',
      tempToken,
      delivery: deliveryOf(b.delivery),
      expiresInSeconds: positiveInt(b.expires_in),
    };
  }
  return { kind: 'failed' };
}

/**
 * A short, readable name of this browser for the login-device list ("Chrome on Windows"), so a user who hits
 * the simultaneous-login limit can tell their devices apart.
 */
export function describeDevice(userAgent: string): string {
  const browser =
    [
      [/Edg\//, 'Edge'],
      [/OPR\//, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/Chrom(e|ium)\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ].find(([re]) => (re as RegExp).test(userAgent))?.[1] ?? 'Browser';
  const os =
    [
      [/iPhone|iPad|iPod/, 'iOS'],
      [/Android/, 'Android'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/CrOS/, 'ChromeOS'],
      [/Linux/, 'Linux'],
    ].find(([re]) => (re as RegExp).test(userAgent))?.[1] ?? '';
  return os ? `${browser} on ${os}` : String(browser);
}
