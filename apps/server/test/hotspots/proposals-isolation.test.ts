import { beforeAll, describe, expect, it } from 'vitest';
import { storeExteriorProposals } from '../../src/modules/hotspots/proposals.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { as, seedVehicle } from './fixtures.ts';

/**
 * Tenant isolation of automatic annotation's proposal decisions (`.../hotspots/proposals/accept`, `reject`): another
 * company's user gets 404 for company A's vehicle, and naming A's proposals under a vehicle of their own changes
 * nothing of A's.
 */

const t = useTestApp();
let ownerA: SignedInUser;
let superB: SignedInUser;
let a: Awaited<ReturnType<typeof seedVehicle>>;
let b: Awaited<ReturnType<typeof seedVehicle>>;
let proposalA: string;

beforeAll(async () => {
  ownerA = await t.make.signedIn({ tenant: await t.make.tenant() });
  superB = await t.make.signedIn({ tenant: await t.make.tenant() });
  a = await seedVehicle(t, ownerA);
  b = await seedVehicle(t, superB);
  await storeExteriorProposals(
    t.db,
    a.car,
    [a.group],
    [{ groupId: a.group, title: 'ホイール', keyFrames: [{ frame: 0, x: 0.3, y: 0.6 }] }],
  );
  proposalA = (await t.db.selectFrom('hotspots').select('id').where('content_id', '=', a.car).executeTakeFirstOrThrow())
    .id;
});

const snapshot = () => t.db.selectFrom('hotspots').selectAll().where('content_id', '=', a.car).execute();
/** The four decision paths on vehicle `car`, spelled out (isolation-coverage.test.ts finds routes by their paths). */
const paths = (car: string) => [
  `/api/browser/v0/exterior/${car}/hotspots/proposals/accept`,
  `/api/browser/v0/exterior/${car}/hotspots/proposals/reject`,
  `/api/browser/v0/interior/${car}/hotspots/proposals/accept`,
  `/api/browser/v0/interior/${car}/hotspots/proposals/reject`,
];
const decide = (user: SignedInUser, url: string, ids?: string[]) =>
  as(t, user, { method: 'POST', url, payload: ids ? { ids } : {} });

describe('proposal decisions across tenants', () => {
  it("answers 404 for another company's vehicle and ignores its proposals named under one's own", async () => {
    const before = await snapshot();
    const own = paths(b.car);
    for (const [i, url] of paths(a.car).entries()) {
      const res = await decide(superB, url, [proposalA]);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      expect((await decide(superB, own[i] as string, [proposalA])).statusCode).toBe(200);
    }
    expect(await snapshot()).toEqual(before);
    // The owner's accept is real.
    const accepted = await decide(ownerA, paths(a.car)[0] as string, [proposalA]);
    expect(accepted.json().items.map((h: { proposed: boolean }) => h.proposed)).toEqual([false]);
  });
});
