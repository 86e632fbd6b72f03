import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Session } from '../helpers/factory.ts';

/** Calls of the content API (/api/browser/v0) with a session's content token, as the console makes them. */
export function contentApi(app: FastifyInstance, who: Pick<Session, 'contentToken'>) {
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url: `/api/browser/v0${path}`,
      headers: { authorization: `Bearer ${who.contentToken}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, payload: unknown = {}) => call('POST', path, payload),
    delete: (path: string, payload?: unknown) => call('DELETE', path, payload),
  };
}

/** A valid create body: a fresh management ID and a few fields, overridable. */
let bodies = 0;
export function vehicleBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  bodies += 1;
  return { management_id: `MG-${bodies}-${Date.now() % 100000}`, maker: 'Toyota', car_name: 'Prius', ...over };
}
