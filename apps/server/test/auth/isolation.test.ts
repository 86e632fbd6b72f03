import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { bearer, signIn } from '../helpers/http.ts';
import { lastMailTo, linkIn } from '../helpers/mail.ts';

/**
 * Tenant isolation of the sign-in and profile area: user B (domain b.example.test), with every kind of token B can
 * hold, never sees, ends or changes anything of user A (domain a.example.test). A's users row is compared whole
 * before and after, and A's session keeps working.
 */

const t = useTestApp();

const DEFAULT_OPTIONS = { option_data: false, web_negotiation: true };

let ips = 0;
const nextIp = () => {
  ips += 1;
  return `10.66.${Math.floor(ips / 250)}.${(ips % 250) + 1}`;
};

interface Signed {
  id: string;
  email: string;
  password: string;
  domainId: string;
  access: string;
  content: string;
}

/** A user in a domain of its own (on the default options), with the access and content token of one session. */
async function signedIn(): Promise<Signed> {
  const user = await t.make.user({ domain: { options: DEFAULT_OPTIONS } });
  const session = await t.make.session(user, { ip: nextIp() });
  return {
    id: user.id,
    email: user.email,
    password: user.password,
    domainId: user.domainId,
    access: session.token,
    content: session.contentToken,
  };
}

/** A fresh A and B, each signed in once, in domains of their own. */
async function pair(): Promise<{ a: Signed; b: Signed }> {
  return { a: await signedIn(), b: await signedIn() };
}

const row = (id: string) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (token: string, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

async function deviceIds(token: string): Promise<string[]> {
  const res = await get(token, '/v1/login-activity/me');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().login_activities.map((d: { id: string }) => d.id);
}

/** A is still signed in with the same session, and sees the same devices. */
async function expectStillSignedIn(a: Signed, devicesBefore: string[]) {
  const profile = await get(a.access, '/v1/profile');
  expect(profile.statusCode, profile.body).toBe(200);
  expect(profile.json().user.id).toBe(a.id);
  expect(await deviceIds(a.access)).toEqual(devicesBefore);
}

describe('sign-in and profile isolation between tenants', () => {
  it("does not let B list or log out A's devices with an access token", async () => {
    const { a, b } = await pair();
    const aDevices = await deviceIds(a.access);
    expect(aDevices).toHaveLength(1);
    const before = await row(a.id);

    const list = await get(b.access, `/v1/login-activity/${a.id}`);
    expect(list.statusCode, list.body).toBe(403);
    expect(list.json().error.code).toBe('forbidden');

    const own = await deviceIds(b.access);
    expect(own).toHaveLength(1);
    expect(own.filter((id) => aDevices.includes(id))).toEqual([]);

    const viaMe = await post(b.access, '/v1/login-activity/me', { token_id: aDevices[0] });
    expect(viaMe.statusCode, viaMe.body).toBe(404);
    expect(viaMe.json().error.code).toBe('not_found');

    const viaA = await post(b.access, `/v1/login-activity/${a.id}`, { token_id: aDevices[0] });
    expect(viaA.statusCode, viaA.body).toBe(403);
    expect(viaA.json().error.code).toBe('forbidden');

    await expectStillSignedIn(a, aDevices);
    expect(await deviceIds(b.access)).toEqual(own);
    expect(await row(a.id)).toEqual(before);
  });

  it("changes only B's row with B's profile calls", async () => {
    const { a, b } = await pair();
    await t.make.update.domain(b.domainId, { options: { ...DEFAULT_OPTIONS, two_step_auth: true } });
    const aDevices = await deviceIds(a.access);
    const beforeA = await row(a.id);
    const beforeB = await row(b.id);

    const profile = await post(b.access, '/v1/profile', { name: 'B renamed', phone: '090-1234-5678' });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().user).toMatchObject({ id: b.id, email: b.email, name: 'B renamed', phone: '090-1234-5678' });

    const newPassword = 'b-new-password-7';
    const password = await post(b.access, '/v1/profile/password', {
      currentPassword: b.password,
      newPassword,
      retypedNewPassword: newPassword,
    });
    expect(password.statusCode, password.body).toBe(200);
    expect(password.json()).toEqual({ changed: true });

    const newEmail = `b-moved-${Date.now()}@example.test`;
    const email = await post(b.access, '/v1/profile/email', { newEmail, retypedNewEmail: newEmail });
    expect(email.statusCode, email.body).toBe(200);
    expect(email.json()).toEqual({ status: 'confirmation_sent', new_email: newEmail });
    const link = linkIn((await lastMailTo(t.mailDir, newEmail)).text, '/user/email/confirmation/');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/v1/profile/email/confirm/${link.split('/').pop() ?? ''}`,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail });

    const twoStep = await post(b.access, '/v1/profile/authentication', { enabled: true });
    expect(twoStep.statusCode, twoStep.body).toBe(200);
    expect(twoStep.json()).toMatchObject({ enabled: true });

    const afterB = await row(b.id);
    expect(afterB.name).toBe('B renamed');
    expect(afterB.phone).toBe('090-1234-5678');
    expect(afterB.email).toBe(newEmail);
    expect(afterB.two_step_auth).toBe(true);
    expect(afterB.password_hash).not.toBe(beforeB.password_hash);

    expect(await row(a.id)).toEqual(beforeA);
    await expectStillSignedIn(a, aDevices);
    expect((await get(b.access, '/v1/profile')).json().user.id).toBe(b.id);
  });

  it("does not let B's temporary tokens (201 and 202) act as A or as an access token", async () => {
    const { a, b } = await pair();
    const aDevices = await deviceIds(a.access);
    const bDevices = await deviceIds(b.access);
    const before = await row(a.id);

    // 201: B is over the simultaneous-login limit of B's domain.
    await t.make.update.domain(b.domainId, { options: { ...DEFAULT_OPTIONS, login_limit_count: 1 } });
    const held = await signIn(t.app, b.email, b.password, { ip: nextIp() });
    expect(held.statusCode, held.body).toBe(201);
    const limited: string = held.json().temporary_token;
    expect(held.json().login_activities.map((d: { id: string }) => d.id)).toEqual(bDevices);

    const list = await get(limited, `/v1/login-activity/${a.id}`);
    expect(list.statusCode, list.body).toBe(403);
    expect(list.json().error.code).toBe('forbidden');
    const own = await get(limited, '/v1/login-activity/me');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().login_activities.map((d: { id: string }) => d.id)).toEqual(bDevices);
    const logoutA = await post(limited, '/v1/login-activity/me', { token_id: aDevices[0] });
    expect(logoutA.statusCode, logoutA.body).toBe(404);
    expect(logoutA.json().error.code).toBe('not_found');
    const logoutViaA = await post(limited, `/v1/login-activity/${a.id}`, { token_id: aDevices[0] });
    expect(logoutViaA.statusCode, logoutViaA.body).toBe(403);

    expect((await get(limited, '/v1/profile')).statusCode).toBe(401);
    expect((await post(limited, '/v1/profile', { name: 'Hijack' })).statusCode).toBe(401);
    const continued = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token/continue',
      headers: bearer(limited),
    });
    expect(continued.statusCode, continued.body).toBe(201);

    // 202: B's domain enforces a second step.
    await t.make.update.domain(b.domainId, {
      options: {
        ...DEFAULT_OPTIONS,
        two_step_auth: true,
        two_step_auth_enforced: true,
      },
    });
    const second = await signIn(t.app, b.email, b.password, { ip: nextIp() });
    expect(second.statusCode, second.body).toBe(202);
    const pending: string = second.json().temporary_token;
    expect((await get(pending, `/v1/login-activity/${a.id}`)).statusCode).toBe(401);
    expect((await get(pending, '/v1/login-activity/me')).statusCode).toBe(401);
    expect((await post(pending, '/v1/login-activity/me', { token_id: aDevices[0] })).statusCode).toBe(401);
    expect((await get(pending, '/v1/profile')).statusCode).toBe(401);
    expect((await post(pending, '/v1/profile', { name: 'Hijack' })).statusCode).toBe(401);
    expect((await post(pending, '/v1/profile/authentication', { enabled: false })).statusCode).toBe(401);

    await t.make.update.domain(b.domainId, { options: DEFAULT_OPTIONS });
    expect(await row(a.id)).toEqual(before);
    await expectStillSignedIn(a, aDevices);
  });

  it("changes only A's password with A's reset token", async () => {
    const { a, b } = await pair();
    const bDevices = await deviceIds(b.access);
    const beforeA = await row(a.id);
    const beforeB = await row(b.id);

    const requested = await t.app.inject({
      method: 'POST',
      url: '/v1/password-reset',
      remoteAddress: nextIp(),
      payload: { email: a.email },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const token =
      linkIn((await lastMailTo(t.mailDir, a.email)).text, '/user/password/confirmation/')
        .split('/')
        .pop() ?? '';

    const newPassword = 'a-reset-password-3';
    // Naming B in the body changes nothing about whose password the token sets.
    const done = await t.app.inject({
      method: 'POST',
      url: `/v1/password-reset/${token}`,
      payload: { password: newPassword, retypedPassword: newPassword, email: b.email, user_id: b.id },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ reset: true, first_password: false });

    expect(await row(b.id)).toEqual(beforeB);
    expect((await row(a.id)).password_hash).not.toBe(beforeA.password_hash);
    expect(await deviceIds(b.access)).toEqual(bDevices);
    expect((await get(a.access, '/v1/profile')).statusCode).toBe(401);

    expect((await signIn(t.app, b.email, newPassword, { ip: nextIp() })).statusCode).toBe(400);
    expect((await signIn(t.app, b.email, b.password, { ip: nextIp() })).statusCode).toBe(200);
    expect((await signIn(t.app, a.email, newPassword, { ip: nextIp() })).statusCode).toBe(200);

    const reused = await t.app.inject({
      method: 'POST',
      url: `/v1/password-reset/${token}`,
      payload: { password: 'another-pass-44', retypedPassword: 'another-pass-44' },
    });
    expect(reused.statusCode, reused.body).toBe(400);
    expect(reused.json().error.code).toBe('password_reset_failed');
  });

  it('leaves A signed in when B revokes B’s token', async () => {
    const { a, b } = await pair();
    const aDevices = await deviceIds(a.access);
    const before = await row(a.id);

    const revoked = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token/revoke',
      payload: { token: b.access },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ revoked: true });

    expect((await get(b.access, '/v1/profile')).statusCode).toBe(401);
    expect((await get(b.access, '/v1/login-activity/me')).statusCode).toBe(401);
    await expectStillSignedIn(a, aDevices);
    expect(await row(a.id)).toEqual(before);
  });
});
