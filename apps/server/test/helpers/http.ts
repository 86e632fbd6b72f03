import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

let addresses = 0;

/** A client address of its own for each sign-in, so the per-address login throttle never meets another test's. */
export function nextAddress(): string {
  addresses += 1;
  return `10.9.${Math.floor(addresses / 250)}.${addresses % 250}`;
}

/**
 * Signs in through the real token endpoint (the tests of signing in; others take a factory session). Answers the
 * response, whatever its status.
 */
export function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  options: { ip?: string; device?: string; host?: string } = {},
): Promise<LightMyRequestResponse> {
  const fields = {
    grant_type: 'password',
    username,
    password,
    scope: '',
    device: options.device ?? 'Chrome on macOS',
    application: 'spinyard-console',
  };
  return postForm(app, '/v1/auth/token', fields, {
    ip: options.ip ?? nextAddress(),
    ...(options.host ? { headers: { host: options.host } } : {}),
  });
}

/** A form post (application/x-www-form-urlencoded), as the token endpoints take theirs; from `ip` when given. */
export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  options: { ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    headers: { ...options.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** One API call with an optional bearer token. */
export function call(
  app: FastifyInstance,
  token: string | undefined,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

/** The fields a refusal names (`error.fields[].field`), in order, so a test compares the set it expects. */
export function refusedFields(res: { json: () => unknown }): string[] {
  const body = res.json() as { error?: { fields?: { field: string }[] } };
  return (body.error?.fields ?? []).map((f) => f.field).sort();
}
