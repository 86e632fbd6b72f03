import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import type { Session, SignedInUser } from '../helpers/factory.ts';

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

export type ContentApi = ReturnType<typeof contentApi>;

/**
 * A super user signed in before the file's tests, and their content API (whose calls may be made from the start:
 * they take the session when they run).
 */
export function useDealer(t: TestApp): { readonly user: SignedInUser; api: ContentApi } {
  let user: SignedInUser | undefined;
  beforeAll(async () => {
    user = await t.make.signedIn();
  });
  const need = () => {
    if (!user) throw new Error('useDealer: the dealer signs in in beforeAll; use it inside a test or hook');
    return user;
  };
  const api = () => contentApi(t.app, need());
  return {
    get user() {
      return need();
    },
    api: {
      get: (path) => api().get(path),
      post: (path, payload) => api().post(path, payload),
      delete: (path, payload) => api().delete(path, payload),
    },
  };
}

/** A valid create body: a fresh management ID and a few fields, overridable. */
let bodies = 0;
export function vehicleBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  bodies += 1;
  return { management_id: `MG-${bodies}-${Date.now() % 100000}`, maker: 'Toyota', car_name: 'Prius', ...over };
}

/**
 * Copies a vehicle through `POST /contents/copy` (the copy runs inline in tests, so it has succeeded when this
 * answers); answers the copy's id, read from its process's payload.
 */
export async function copyVehicle(t: TestApp, owner: Pick<Session, 'contentToken'>, id: string): Promise<string> {
  const res = await contentApi(t.app, owner).post('/contents/copy', { id });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().processes[0].process.status).toBe('succeeded');
  const { copy_id: copy } = (await t.db
    .selectFrom('content_processes')
    .select('payload')
    .where('id', '=', res.json().processes[0].process.id)
    .executeTakeFirstOrThrow()
    .then((r) => r.payload)) as { copy_id: string };
  return copy;
}
