import { loginOutcomeOf } from '@spinyard/domain';

/**
 * What a POST /v1/auth/token answer means (first document, section 4 "Login outcome by response status").
 * The status decides the outcome (the domain's rule); this adds what the body carries for each one.
 */
export interface LoginActivity {
  id: string;
  device: string;
  application: string;
  ip: string;
  lastUsedAt: string | null;
}

export type LoginOutcome =
  | { kind: 'signed_in'; accessToken: string; contentToken: string }
  | {
      kind: 'device_limit';
      tempToken: string;
      devices: LoginActivity[];
      limit: number | null;
      serviceName: string;
      targetTokenId: string | null;
    }
  | { kind: 'second_step'; tempToken: string }
  | { kind: 'failed' };

type Json = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The temporary token of a 201 or 202; the name is not fixed by the spec, so the likely ones are accepted. */
function tempTokenOf(body: Json): string {
  return str(body.temp_token) || str(body.token) || str(body.access_token);
}

function activityOf(raw: unknown, index: number): LoginActivity {
  const a = (typeof raw === 'object' && raw !== null ? raw : {}) as Json;
  return {
    id: str(a.id) || str(a.token_id) || String(index),
    device: str(a.device),
    application: str(a.application),
    ip: str(a.ip),
    lastUsedAt: str(a.last_used_at) || str(a.updated_at) || str(a.created_at) || null,
  };
}

export function interpretLoginAnswer(status: number, body: unknown): LoginOutcome {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Json;
  const outcome = loginOutcomeOf(status);
  if (outcome === 'signed_in') {
    const accessToken = str(b.access_token);
    const contentToken = str(b['content-token']);
    return accessToken && contentToken ? { kind: 'signed_in', accessToken, contentToken } : { kind: 'failed' };
  }
  if (outcome === 'device_limit_reached') {
    const tempToken = tempTokenOf(b);
    if (!tempToken) return { kind: 'failed' };
    const limit = typeof b.login_limit_count === 'number' ? b.login_limit_count : null;
    return {
      kind: 'device_limit',
      tempToken,
      devices: Array.isArray(b.login_activities) ? b.login_activities.map(activityOf) : [],
      limit,
      serviceName: str(b.service_name),
      targetTokenId: str(b.target_token_id) || null,
    };
  }
  if (outcome === 'second_step_required') {
    const tempToken = tempTokenOf(b);
    return tempToken ? { kind: 'second_step', tempToken } : { kind: 'failed' };
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
