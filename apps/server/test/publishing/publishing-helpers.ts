import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { Session, SignedInUser } from '../helpers/factory.ts';

/** The dealer's build call, as the console sends it (a form with publish and user, the random query value). */
export function buildContents(app: FastifyInstance, who: Pick<Session, 'contentToken'>, id: string, publish = true) {
  return app.inject({
    method: 'POST',
    url: `/api/tourmaker/buildcontents/${id}/?preview=0&redirect_check=false&_=${Math.random()}`,
    headers: {
      authorization: `Bearer ${who.contentToken}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: `publish=${publish ? 1 : 0}&user=dealer`,
  });
}

export const manifestOf = (app: FastifyInstance, shortId: string, token?: string) =>
  app.inject({
    method: 'GET',
    url: `/v/${shortId}/manifest.json${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
  });

export const access = (app: FastifyInstance, shortId: string, password: string, ip = '203.0.113.7') =>
  app.inject({ method: 'POST', url: `/v/${shortId}/access`, payload: { password }, remoteAddress: ip });

/** A vehicle of `who` with `frames` seeded frames in one row, built and published; answers its id and short id. */
export async function publishedVehicle(
  t: TestApp,
  who: SignedInUser,
  fields: Record<string, unknown> = {},
  frames = 2,
): Promise<{ id: string; shortId: string }> {
  const [id = ''] = await t.make.vehicles(who, { fields });
  await seedExterior(t, id, { rows: [frames], width: 64, height: 36 });
  const built = await buildContents(t.app, who, id);
  expect(built.statusCode, built.body).toBe(200);
  return { id, shortId: built.json().short_id as string };
}
