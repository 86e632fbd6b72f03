import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { bearer, postForm, signIn } from '../helpers/http.ts';

const t = useTestApp();

const profile = (token: string) => t.app.inject({ method: 'GET', url: '/v1/profile', headers: bearer(token) });
const devices = (token: string, id = 'me') =>
  t.app.inject({ method: 'GET', url: `/v1/login-activity/${id}`, headers: bearer(token) });
const logout = (token: string, tokenId: string, id = 'me') =>
  t.app.inject({
    method: 'POST',
    url: `/v1/login-activity/${id}`,
    headers: bearer(token),
    payload: { token_id: tokenId },
  });
const continueWith = (token: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/token/continue', headers: bearer(token) });

describe('simultaneous-login limit (201)', () => {
  it('holds a sign-in over the per-account limit, logs out the chosen device, then continues', async () => {
    const user = await t.make.user({ domain: { options: { login_limit_count: 2, login_limit_mode: 'per_account' } } });
    const phone = (await signIn(t.app, user.email, user.password, { device: 'Safari on iOS' })).json();
    const tablet = (
      await signIn(t.app, user.email, user.password, { device: 'Chrome on Android', ip: '10.9.0.1' })
    ).json();
    expect(phone.access_token).toBeTruthy();
    expect(tablet.access_token).toBeTruthy();

    const held = await signIn(t.app, user.email, user.password, { device: 'Firefox on Linux', ip: '10.9.1.1' });
    expect(held.statusCode).toBe(201);
    const body = held.json();
    expect(body).not.toHaveProperty('access_token');
    expect(body).not.toHaveProperty('content-token');
    expect(body.temporary_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.expires_in).toBeGreaterThan(9 * 60);
    expect(body.expires_in).toBeLessThanOrEqual(10 * 60);
    expect(body.login_limit_count).toBe(2);
    expect(body.service_name).toBe(user.tenant.serviceName);
    // Most recently used first; the suggestion is the device left alone the longest.
    expect(body.login_activities.map((a: { device: string }) => a.device)).toEqual([
      'Chrome on Android',
      'Safari on iOS',
    ]);
    expect(body.login_activities[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      device: 'Chrome on Android',
      application: 'spinyard-console',
      ip: '10.9.0.1',
      created_at: expect.any(String),
      last_used_at: expect.any(String),
      current: false,
    });
    const phoneSession = body.login_activities[1].id as string;
    expect(body.target_token_id).toBe(phoneSession);

    // The temporary token is not a sign-in.
    expect((await profile(body.temporary_token)).statusCode).toBe(401);
    // Still at the limit: the same answer, the same temporary token.
    const again = await continueWith(body.temporary_token);
    expect(again.statusCode).toBe(201);
    expect(again.json().temporary_token).toBe(body.temporary_token);

    const listed = await devices(body.temporary_token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().login_activities).toHaveLength(2);

    const afterLogout = await logout(body.temporary_token, phoneSession);
    expect(afterLogout.statusCode).toBe(200);
    expect(afterLogout.json().login_activities.map((a: { id: string }) => a.id)).not.toContain(phoneSession);
    // Only that device's session ends: both of its tokens, nothing of the other device.
    expect((await profile(phone.access_token)).statusCode).toBe(401);
    const phoneTokens = await t.db
      .selectFrom('auth_tokens')
      .select(['kind', 'revoked_at'])
      .where(
        'session_id',
        '=',
        (
          await t.db
            .selectFrom('auth_tokens')
            .select('session_id')
            .where('id', '=', phoneSession)
            .executeTakeFirstOrThrow()
        ).session_id,
      )
      .execute();
    expect(phoneTokens.map((r) => r.kind).sort()).toEqual(['access', 'content']);
    expect(phoneTokens.every((r) => r.revoked_at !== null)).toBe(true);
    expect((await profile(tablet.access_token)).statusCode).toBe(200);

    const done = await continueWith(body.temporary_token);
    expect(done.statusCode).toBe(200);
    const tokens = done.json();
    expect(tokens.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens['content-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await profile(tokens.access_token)).statusCode).toBe(200);
    // The new session carries the device of the held sign-in.
    const mine = (await devices(tokens.access_token)).json();
    expect(mine.login_activities.find((a: { current: boolean }) => a.current)).toMatchObject({
      device: 'Firefox on Linux',
      ip: '10.9.1.1',
    });
    // The temporary token was used once.
    expect((await continueWith(body.temporary_token)).statusCode).toBe(401);
    expect((await devices(body.temporary_token)).statusCode).toBe(401);
  });

  it('accepts the temporary token as a form field too', async () => {
    const user = await t.make.user({ domain: { options: { login_limit_count: 1 } } });
    await signIn(t.app, user.email, user.password);
    const held = (await signIn(t.app, user.email, user.password)).json();
    const res = await postForm(t.app, '/v1/auth/token/continue', { token: held.temporary_token });
    expect(res.statusCode).toBe(201);
  });

  it('counts every user of the domain in per-domain mode, and lists only the caller’s own devices', async () => {
    const alice = await t.make.user({ domain: { options: { login_limit_count: 2, login_limit_mode: 'per_domain' } } });
    const bob = await t.make.user({ tenant: alice.tenant });
    const carol = await t.make.user({ tenant: alice.tenant });
    expect((await signIn(t.app, alice.email, alice.password)).statusCode).toBe(200);
    expect((await signIn(t.app, bob.email, bob.password)).statusCode).toBe(200);

    const held = await signIn(t.app, alice.email, alice.password);
    expect(held.statusCode).toBe(201);
    expect(held.json().login_activities).toHaveLength(1);
    expect(held.json().login_limit_count).toBe(2);

    // Carol has no device of her own to log out, and may not log out her colleagues'.
    const refused = await signIn(t.app, carol.email, carol.password);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('login_device_limit_reached');

    await logout(held.json().temporary_token, held.json().login_activities[0].id);
    expect((await continueWith(held.json().temporary_token)).statusCode).toBe(200);
  });

  it('uses the user’s own limit before the domain’s', async () => {
    const user = await t.make.user({ login_limit_count: 1, domain: { options: { login_limit_count: 5 } } });
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(200);
    const held = await signIn(t.app, user.email, user.password);
    expect(held.statusCode).toBe(201);
    expect(held.json().login_limit_count).toBe(1);
  });

  it('has no limit by default, and revoked or expired sessions do not count', async () => {
    const free = await t.make.user();
    for (let i = 0; i < 4; i += 1) expect((await signIn(t.app, free.email, free.password)).statusCode).toBe(200);

    const user = await t.make.user({ domain: { options: { login_limit_count: 1 } } });
    const first = (await signIn(t.app, user.email, user.password)).json();
    await t.app.inject({ method: 'POST', url: '/v1/auth/token/revoke', payload: { token: first.access_token } });
    const second = await signIn(t.app, user.email, user.password);
    expect(second.statusCode).toBe(200);
    await t.make.update.expire('auth_tokens', user.id);
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(200);
  });

  it('lets one of two simultaneous sign-ins take the last place', async () => {
    const user = await t.make.user({ domain: { options: { login_limit_count: 1 } } });
    const answers = await Promise.all([1, 2, 3].map(() => signIn(t.app, user.email, user.password)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201, 201]);
  });

  it('turns two simultaneous continues into one sign-in', async () => {
    const user = await t.make.user({ domain: { options: { login_limit_count: 1 } } });
    const first = (await signIn(t.app, user.email, user.password)).json();
    const held = (await signIn(t.app, user.email, user.password)).json();
    await t.app.inject({ method: 'POST', url: '/v1/auth/token/revoke', payload: { token: first.access_token } });
    const answers = await Promise.all([continueWith(held.temporary_token), continueWith(held.temporary_token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('ends a held sign-in after its 10 minutes', async () => {
    const user = await t.make.user({ domain: { options: { login_limit_count: 1 } } });
    await signIn(t.app, user.email, user.password);
    const held = (await signIn(t.app, user.email, user.password)).json();
    await t.make.update.expire('auth_tokens', user.id, { kind: 'temporary' });
    expect((await continueWith(held.temporary_token)).statusCode).toBe(401);
    expect((await devices(held.temporary_token)).statusCode).toBe(401);
  });
});

describe('login device management (/v1/login-activity/{id})', () => {
  it('lists a signed-in user’s devices, marks this one, and logs another out', async () => {
    const user = await t.make.user();
    const other = (await signIn(t.app, user.email, user.password, { device: 'Old laptop' })).json();
    const here = (await signIn(t.app, user.email, user.password, { device: 'This browser' })).json();
    const list = await devices(here.access_token, user.id);
    expect(list.statusCode).toBe(200);
    expect(list.json().login_limit_count).toBeNull();
    const entries = list.json().login_activities as { id: string; device: string; current: boolean }[];
    expect(entries.map((e) => [e.device, e.current])).toEqual([
      ['This browser', true],
      ['Old laptop', false],
    ]);
    const oldLaptop = entries[1]!.id;
    const after = await logout(here.access_token, oldLaptop, user.id);
    expect(after.statusCode).toBe(200);
    expect(after.json().login_activities).toHaveLength(1);
    expect((await profile(other.access_token)).statusCode).toBe(401);
    expect((await profile(here.access_token)).statusCode).toBe(200);
    // Logging out an ended session is a 404: nothing to log out.
    expect((await logout(here.access_token, oldLaptop)).statusCode).toBe(404);
  });

  it('keeps every user to their own devices', async () => {
    const mallory = await t.make.user();
    const victim = await t.make.user({ tenant: mallory.tenant });
    const victimSession = (await signIn(t.app, victim.email, victim.password)).json();
    const mine = (await signIn(t.app, mallory.email, mallory.password)).json();
    const victimTokenId = (await devices(victimSession.access_token)).json().login_activities[0].id as string;

    const listOther = await devices(mine.access_token, victim.id);
    expect(listOther.statusCode).toBe(403);
    expect(listOther.json().error.code).toBe('forbidden');
    expect((await logout(mine.access_token, victimTokenId, victim.id)).statusCode).toBe(403);
    // Their session id under one's own user id is simply not one of one's devices.
    expect((await logout(mine.access_token, victimTokenId)).statusCode).toBe(404);
    expect((await profile(victimSession.access_token)).statusCode).toBe(200);
  });

  it('answers 401 without a usable token, and 422 for a malformed id', async () => {
    const user = await t.make.user();
    const session = (await signIn(t.app, user.email, user.password)).json();
    expect((await t.app.inject({ method: 'GET', url: '/v1/login-activity/me' })).statusCode).toBe(401);
    expect((await devices('not-a-token')).statusCode).toBe(401);
    // The content token is not an access token here either.
    expect((await devices(session['content-token'])).statusCode).toBe(401);
    expect((await devices(session.access_token, 'someone')).statusCode).toBe(422);
  });
});
