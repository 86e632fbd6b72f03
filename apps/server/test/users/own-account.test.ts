import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { post, team } from './team.ts';

/**
 * Issue 18, finding 1: `POST /v1/subordinates/{own id}` changed one's own password without the current one, one's
 * own e-mail without confirmation (ending no other session), and let master and super users change their own
 * two-step setting and limits. Those go through the account page's routes (`/v1/profile/...`, tested in
 * profile.test.ts) or to whoever manages the account; the user routes refuse them by field and rule.
 */

const t = useTestApp();

const ACCOUNT_PAGE = { password: 'brand-new-pass-9', email: 'me-again@example.test', two_step_forced: false };
const MANAGER = { car_limit: 9999, login_limit_count: 100 };

const passwordHashOf = async (id: string) =>
  (await t.db.selectFrom('users').select(['password_hash', 'email']).where('id', '=', id).executeTakeFirstOrThrow())
    .password_hash;

/** The signed-in master, super user and admin, each with a second session (another device). */
async function everyRole() {
  const { sup, admin } = await team(t);
  const master = await t.make.master();
  return [
    ['master', master],
    ['super', sup],
    ['admin', admin],
  ] as const;
}

describe('POST /v1/subordinates/{own id}', () => {
  it('refuses the own password, e-mail, two-step setting and limits for every role, naming field and rule', async () => {
    for (const [role, user] of await everyRole()) {
      const { headers } = await t.make.session(user);
      const otherDevice = (await t.make.session(user)).headers;
      const before = await passwordHashOf(user.id);
      const res = await post(t, headers, `/v1/subordinates/${user.id}`, { ...ACCOUNT_PAGE, ...MANAGER, name: 'X' });
      expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
      expect(res.json().error.code).toBe('self_action_not_allowed');
      expect(res.json().error.fields.map((f: { field: string; rule: string }) => `${f.field}:${f.rule}`)).toEqual([
        'password:own_account_page',
        'email:own_account_page',
        'two_step_forced:own_account_page',
        'car_limit:set_by_manager',
        'login_limit_count:set_by_manager',
      ]);
      const read = (await t.app.inject({ url: `/v1/subordinates/${user.id}`, headers })).json();
      // All or nothing: the name sent with them is not taken either.
      expect({ email: read.email, renamed: read.name === 'X' }, role).toEqual({ email: user.email, renamed: false });
      expect(await passwordHashOf(user.id), role).toBe(before);
      expect((await t.app.inject({ url: '/v1/profile', headers: otherDevice })).statusCode, role).toBe(200);
    }
  });

  it.each([...Object.entries(ACCOUNT_PAGE), ...Object.entries(MANAGER)])(
    'refuses %s alone on one’s own account',
    async (field, value) => {
      const { admin } = await team(t);
      const { headers } = await t.make.session(admin);
      const res = await post(t, headers, `/v1/subordinates/${admin.id}`, { [field]: value });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.fields).toEqual([expect.objectContaining({ field })]);
    },
  );

  it('still takes one’s own names and contact fields', async () => {
    const { sup } = await team(t);
    const { headers } = await t.make.session(sup);
    const res = await post(t, headers, `/v1/subordinates/${sup.id}`, { display_name: 'Me', phone: '03-1234-5678' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ display_name: 'Me', phone: '03-1234-5678' });
  });
});

describe('POST /v1/superusers/{own id}', () => {
  it('refuses a super user’s own e-mail: it changes on the account page, confirmed from the new address', async () => {
    const { sup } = await team(t);
    const { headers } = await t.make.session(sup);
    const res = await post(t, headers, `/v1/superusers/${sup.id}`, { email: 'moved@example.test', name: 'Kept' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'email', rule: 'own_account_page' })]);
    const same = await post(t, headers, `/v1/superusers/${sup.id}`, { email: sup.email, name: 'Renamed' });
    expect(same.json()).toMatchObject({ email: sup.email, name: 'Renamed' });
  });
});
