import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

// `/usergroups`: each admin with the normal users under them, then the users in no group; whom the caller sees.
const t = useTestApp();
let superUser: SignedInUser;
let adminA: SignedInUser;
let adminB: SignedInUser;
let normalA: SignedInUser;
let normalB: SignedInUser;

type Answer = { items: { admin: { id: string } | null; users: { id: string; shop_code: string }[] }[]; total: number };
const ids = (a: Answer) => a.items.map((g) => ({ admin: g.admin?.id ?? null, users: g.users.map((u) => u.id).sort() }));

beforeAll(async () => {
  superUser = await t.make.signedIn({ privilege_type: 'super', name: 'Super Sato' });
  const tenant = superUser.tenant;
  adminA = await t.make.signedIn({ tenant, privilege_type: 'admin', name: 'Admin Aoki' });
  adminB = await t.make.signedIn({ tenant, privilege_type: 'admin', name: 'Admin Baba' });
  normalA = await t.make.signedInUnder(adminA, { name: 'Normal Abe' });
  normalB = await t.make.signedInUnder(adminB, { name: 'Normal Endo' });
  // Another tenant's users never appear.
  await t.make.signedIn({ privilege_type: 'admin' });
});

async function groupsOf(user: SignedInUser, query = ''): Promise<Answer> {
  const answer = await call(t.app, user.contentToken, 'GET', `/api/browser/v0/usergroups${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Answer;
}

describe('/usergroups', () => {
  it('gives super every admin’s group of the domain and themself in no group', async () => {
    const answer = await groupsOf(superUser);
    expect(ids(answer)).toEqual([
      { admin: adminA.id, users: [normalA.id] },
      { admin: adminB.id, users: [normalB.id] },
      { admin: null, users: [superUser.id] },
    ]);
    expect(answer.total).toBe(5);
  });

  it('gives an admin their own group, a normal user themself', async () => {
    expect(ids(await groupsOf(adminA))).toEqual([{ admin: adminA.id, users: [normalA.id] }]);
    expect(ids(await groupsOf(normalB))).toEqual([{ admin: null, users: [normalB.id] }]);
  });

  it('keeps a matching user’s group when searching', async () => {
    expect(ids(await groupsOf(superUser, '?q=endo'))).toEqual([{ admin: adminB.id, users: [normalB.id] }]);
    // The user search also matches a user's admin by name: the admin's name finds the whole group.
    expect(ids(await groupsOf(superUser, '?q=aoki'))).toEqual([{ admin: adminA.id, users: [normalA.id] }]);
    expect(ids(await groupsOf(superUser, '?q=sato'))).toEqual([{ admin: null, users: [superUser.id] }]);
  });

  it('refuses a search too long, naming the field', async () => {
    const answer = await call(t.app, superUser.contentToken, 'GET', `/api/browser/v0/usergroups?q=${'x'.repeat(200)}`);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.fields[0].field).toBe('q');
  });

  it('shows the first username alias as the shop code on the bike site', async () => {
    const bikeAdmin = await t.make.signedIn({
      privilege_type: 'admin',
      domain: { hostFlags: ['bike'] },
      shop_code: 'OLD',
      username_alias: JSON.stringify([{ user_name: 'BK-001' }]),
    });
    const answer = await groupsOf(bikeAdmin);
    expect(answer.items[0]?.admin).toMatchObject({ id: bikeAdmin.id, shop_code: 'BK-001' });
  });
});
