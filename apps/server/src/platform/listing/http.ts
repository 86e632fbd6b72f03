import type { z } from 'zod';
import { ListingError, type ListingService } from './port.ts';
import {
  adsAnswer,
  bukkenAnswer,
  clientAnswer,
  corporatesAnswer,
  emptyAnswer,
  logAnswer,
  ngAnswer,
  PATHS,
  registerAnswer,
  reportAnswer,
  SESSION_HEADER,
  sessionAnswer,
} from './protocol.ts';

export interface HttpListingSettings {
  /** The partner's base URL, e.g. https://api.partner.example. */
  url: string;
  /** One call's limit; past it the call fails as `timeout` (the job retries, the route answers 504). */
  timeoutMs: number;
}

/** The partner's refusal read into a ListingError: 401 session, 2998 outside hours, else refused with its id. */
function refusalOf(status: number, body: unknown): ListingError {
  const parsed = ngAnswer.safeParse(body);
  if (!parsed.success) {
    return status >= 500
      ? new ListingError('unavailable', '2999', `listing service answered ${status}`)
      : new ListingError('malformed', '2999', `listing service answered ${status} without a message id`);
  }
  const { msgId, message } = parsed.data.errors[0]!;
  if (status === 401) return new ListingError('session_expired', msgId, message);
  if (msgId === '2998') return new ListingError('outside_hours', msgId, message);
  if (status >= 500) return new ListingError('unavailable', msgId, message);
  return new ListingError('refused', msgId, message);
}

/** The listing partner over HTTP (protocol.ts). Every answer is checked against the protocol; anything else fails. */
export function createHttpListing(settings: HttpListingSettings): ListingService {
  const base = settings.url.replace(/\/+$/, '');

  async function call<S extends z.ZodType>(
    schema: S,
    method: string,
    path: string,
    options: { session?: string; body?: unknown; query?: Record<string, string> } = {},
  ): Promise<z.output<S>> {
    const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    let response: Response;
    try {
      response = await fetch(`${base}${path}${query}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.session ? { [SESSION_HEADER]: options.session } : {}),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new ListingError(timedOut ? 'timeout' : 'unavailable', '2999', String(error));
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      if (timedOut) throw new ListingError('timeout', '2999', String(error));
      throw new ListingError(response.ok ? 'malformed' : 'unavailable', '2999', `not JSON (${response.status})`);
    }
    if (!response.ok) throw refusalOf(response.status, body);
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    // A 200 carrying NG is a refusal all the same; anything else breaks the protocol.
    if (ngAnswer.safeParse(body).success) throw refusalOf(400, body);
    throw new ListingError('malformed', '2999', 'the answer does not follow the protocol');
  }

  return {
    name: 'http',
    async signIn(c) {
      const body = {
        login_id: c.loginId,
        password: c.password,
        corporation_code: c.corporationCode,
        contact_code: c.contactCode,
      };
      const { session } = await call(sessionAnswer, 'POST', PATHS.sessions, { body });
      return { token: session.token, expiresAt: Date.now() + session.expires_in * 1000 };
    },
    async signOut(session) {
      await call(emptyAnswer, 'DELETE', PATHS.sessions, { session });
    },
    async clientInfo(session) {
      const { client: c } = await call(clientAnswer, 'GET', PATHS.client, { session });
      return {
        clientId: c.client_id,
        name: c.name,
        corporationCode: c.corporation_code,
        contactCode: c.contact_code,
        capable360: c.capable_360,
        registrationLimit: c.registration_limit,
        registeredCount: c.registered_count,
      };
    },
    async searchProperties(session, { key, keyType }) {
      const { items } = await call(bukkenAnswer, 'GET', PATHS.bukken, { session, query: { key, key_type: keyType } });
      return items.map((p) => ({ propertyCode: p.property_code, vin: p.vin, title: p.title }));
    },
    async register(session, { propertyCode, contentId, viewUrl }) {
      const body = { content_id: contentId, view_url: viewUrl };
      return (await call(registerAnswer, 'PUT', PATHS.contents(propertyCode), { session, body })).status;
    },
    async unregister(session, { propertyCode }) {
      await call(emptyAnswer, 'DELETE', PATHS.contents(propertyCode), { session });
    },
    async corporates(session) {
      const { items } = await call(corporatesAnswer, 'GET', PATHS.corporates, { session });
      return items.map((c) => ({ corporationCode: c.corporation_code, name: c.name }));
    },
    async reportAggregate(session, { from, to }) {
      return (await call(reportAnswer, 'GET', PATHS.report, { session, query: { from, to } })).days;
    },
    async adReport(session, { from, to }) {
      return (await call(adsAnswer, 'GET', PATHS.ads, { session, query: { from, to } })).days;
    },
    async log(session, { since }) {
      const { items } = await call(logAnswer, 'GET', PATHS.log, { session, query: { since } });
      return items.map((e) => ({ at: e.at, propertyCode: e.property_code, event: e.event }));
    },
  };
}
