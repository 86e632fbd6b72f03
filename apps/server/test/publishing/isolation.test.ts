import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';

/** The dealer-side publishing routes tried on tenant A's vehicle by tenant B's user: not_found, nothing made. */

const t = useTestApp();
let owner: SignedInUser;
let intruder: SignedInUser;
let vehicle: string;

beforeAll(async () => {
  owner = await t.make.signedIn();
  intruder = await t.make.signedIn();
  [vehicle = ''] = await t.make.vehicles(owner);
  await seedExterior(t, vehicle, { rows: [2], width: 64, height: 36 });
});

describe('another tenant', () => {
  it('cannot build the manifest', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/tourmaker/buildcontents/${vehicle}/`,
      headers: { authorization: `Bearer ${intruder.contentToken}` },
      payload: { publish: 1 },
    });
    expect(res.statusCode).toBe(404);
  });

  it('cannot make the short URL', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/browser/v0/contents/create_short_url',
      headers: { authorization: `Bearer ${intruder.contentToken}` },
      payload: { id: vehicle },
    });
    expect(res.statusCode).toBe(404);
  });

  it('left nothing behind', async () => {
    const rows = await t.db.selectFrom('publications').selectAll().where('content_id', '=', vehicle).execute();
    expect(rows).toEqual([]);
    const state = await t.db.selectFrom('contents').select('publication').where('id', '=', vehicle).executeTakeFirst();
    expect(state?.publication).toBe('unpublished');
  });
});
