import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { bearer, signIn } from '../helpers/http.ts';
import { lastMailTo, linkIn, mailsTo, recordingSms } from '../helpers/mail.ts';

const t = useTestApp({ publicUrl: 'http://console.test', sms: recordingSms() });

/** A signed-in session of the user (the sign-in itself is tested elsewhere). */
async function session(user: { id: string }): Promise<string> {
  return (await t.make.session(user)).token;
}

const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('POST /v1/profile', () => {
  it('changes the names and phone that are sent, and nothing else', async () => {
    const user = await t.make.user({ name: 'Kept Name' });
    const token = await session(user);
    const res = await post(token, '/v1/profile', {
      first_name: ' Hanako ',
      last_name: 'Sato',
      phone: '+81-90-1234-5678',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: user.id,
      email: user.email,
      name: 'Kept Name',
      first_name: 'Hanako',
      last_name: 'Sato',
      phone: '+81-90-1234-5678',
    });
    const profile = (await get(token, '/v1/profile')).json();
    expect(profile.user).toMatchObject({ first_name: 'Hanako', last_name: 'Sato' });
    // Empty removes the phone.
    expect((await post(token, '/v1/profile', { phone: '' })).json().user.phone).toBe('');
  });

  it.each([
    [{ phone: '090 1234 5678' }, 'phone', 'format'],
    [{ phone: '12' }, 'phone', 'format'],
    [{ name: '   ' }, 'name', 'required'],
    [{ display_name: 'x'.repeat(101) }, 'display_name', 'max_length'],
    [{ email: 'other@example.test' }, 'email', 'unknown_field'],
  ])('refuses %j with the field and rule', async (payload, field, rule) => {
    const user = await t.make.user();
    const token = await session(user);
    const res = await post(token, '/v1/profile', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field, rule })]);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/v1/profile', payload: { name: 'x' } })).statusCode).toBe(401);
  });
});

describe('POST /v1/profile/password', () => {
  it('changes the password, signs out the other devices and keeps this one', async () => {
    const user = await t.make.user();
    const other = await session(user);
    const here = await session(user);
    const res = await post(here, '/v1/profile/password', {
      currentPassword: user.password,
      newPassword: 'fresh-password-77',
      retypedNewPassword: 'fresh-password-77',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ changed: true });
    expect((await get(here, '/v1/profile')).statusCode).toBe(200);
    expect((await get(other, '/v1/profile')).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, user.password, { ip: '10.4.250.1' })).statusCode).toBe(400);
    expect((await signIn(t.app, user.email, 'fresh-password-77', { ip: '10.4.250.2' })).statusCode).toBe(200);
    expect((await lastMailTo(t.mailDir, user.email)).subject).toContain('Your password was changed');
  });

  it('answers current_password_incorrect for a wrong current password, and throttles guessing', async () => {
    const user = await t.make.user();
    const token = await session(user);
    const attempt = () =>
      post(token, '/v1/profile/password', {
        currentPassword: 'not-my-password',
        newPassword: 'fresh-password-77',
        retypedNewPassword: 'fresh-password-77',
      });
    const wrong = await attempt();
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('current_password_incorrect');
    for (let i = 0; i < 4; i += 1) await attempt();
    const throttled = await attempt();
    expect(throttled.statusCode).toBe(429);
  });

  it.each([
    [{ newPassword: 'short', retypedNewPassword: 'short' }, 'newPassword', 'min_length'],
    [{ newPassword: 'fresh-password-77', retypedNewPassword: 'fresh-password-78' }, 'retypedNewPassword', 'must_match'],
    [
      { newPassword: 'ｆｕｌｌｗｉｄｔｈ１２', retypedNewPassword: 'ｆｕｌｌｗｉｄｔｈ１２' },
      'newPassword',
      'ascii_only',
    ],
  ])('refuses %j naming the field and rule', async (fields, field, rule) => {
    const user = await t.make.user();
    const token = await session(user);
    const res = await post(token, '/v1/profile/password', { currentPassword: user.password, ...fields });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule })]));
  });

  it('refuses the current password as the new one', async () => {
    const user = await t.make.user();
    const token = await session(user);
    const res = await post(token, '/v1/profile/password', {
      currentPassword: user.password,
      newPassword: user.password,
      retypedNewPassword: user.password,
    });
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'newPassword', rule: 'must_differ' })]);
  });
});

describe('POST /v1/profile/email', () => {
  const change = (token: string, newEmail: string, retypedNewEmail = newEmail) =>
    post(token, '/v1/profile/email', { newEmail, retypedNewEmail });
  const confirm = (token: string) => t.app.inject({ method: 'POST', url: `/v1/profile/email/confirm/${token}` });

  it('changes the sign-in address once the link mailed to the new address is opened, ending the other sessions', async () => {
    const user = await t.make.user();
    const other = await session(user);
    const token = await session(user);
    const res = await change(token, ' New.Address@Example.test ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'confirmation_sent', new_email: 'new.address@example.test' });

    const confirmation = await lastMailTo(t.mailDir, 'new.address@example.test');
    const link = linkIn(confirmation.text, '/user/email/confirmation/');
    expect(link).toMatch(/^http:\/\/console\.test\/user\/email\/confirmation\/[A-Za-z0-9_-]{43}$/);
    expect((await lastMailTo(t.mailDir, user.email)).text).toContain('ne***@example.test');
    // Nothing changes before the confirmation.
    expect((await get(other, '/v1/profile')).statusCode).toBe(200);
    expect((await signIn(t.app, user.email, user.password, { ip: '10.4.251.1' })).statusCode).toBe(200);

    const confirmed = await confirm(link.split('/').pop() ?? '');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'new.address@example.test' });
    expect((await get(token, '/v1/profile')).json().user.email).toBe('new.address@example.test');
    // The session that asked stays; any other (a stolen one included) ends with the old address.
    expect((await get(other, '/v1/profile')).statusCode).toBe(401);
    expect((await signIn(t.app, 'new.address@example.test', user.password, { ip: '10.4.251.2' })).statusCode).toBe(200);
    expect((await signIn(t.app, user.email, user.password, { ip: '10.4.251.3' })).statusCode).toBe(400);
    // The link works once.
    expect((await confirm(link.split('/').pop() ?? '')).json().error.code).toBe('link_invalid');
  });

  it('answers email_already_used for an address of another account, whatever its case', async () => {
    const other = await t.make.user({ email: 'taken.address@example.test' });
    const user = await t.make.user();
    const token = await session(user);
    const res = await change(token, 'TAKEN.address@example.test');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('email_already_used');
    expect(await mailsTo(t.mailDir, other.email)).toHaveLength(0);
  });

  it('answers email_already_used at confirmation when the address was taken meanwhile', async () => {
    const user = await t.make.user();
    const token = await session(user);
    await change(token, 'race.address@example.test');
    const link = linkIn((await lastMailTo(t.mailDir, 'race.address@example.test')).text, '/user/email/confirmation/');
    await t.make.user({ email: 'race.address@example.test' });
    const res = await confirm(link.split('/').pop() ?? '');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('email_already_used');
  });

  it('answers link_expired after 24 hours and link_invalid for an unknown token', async () => {
    const user = await t.make.user();
    const token = await session(user);
    await change(token, 'late.address@example.test');
    const link = linkIn((await lastMailTo(t.mailDir, 'late.address@example.test')).text, '/user/email/confirmation/');
    await t.make.update.expire('one_time_tokens', user.id, { purpose: 'email_change' });
    expect((await confirm(link.split('/').pop() ?? '')).json().error.code).toBe('link_expired');
    expect((await confirm('unknown')).json().error.code).toBe('link_invalid');
  });

  it.each([
    ['not-an-address', 'not-an-address', 'newEmail', 'email'],
    ['a@example.test', 'b@example.test', 'retypedNewEmail', 'must_match'],
  ])('refuses %s / %s naming the field and rule', async (newEmail, retyped, field, rule) => {
    const user = await t.make.user();
    const token = await session(user);
    const res = await change(token, newEmail, retyped);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule })]));
  });

  it('refuses the current address as the new one', async () => {
    const user = await t.make.user();
    const token = await session(user);
    const res = await change(token, user.email.toUpperCase());
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'newEmail', rule: 'must_differ' })]);
  });
});

describe('/v1/profile/authentication', () => {
  const setTwoStep = (token: string, enabled: boolean | string) =>
    post(token, '/v1/profile/authentication', { enabled });

  it('turns two-step on and off where the domain offers it, and the next sign-in follows', async () => {
    const user = await t.make.user({ domain: { options: { two_step_auth: true } } });
    const token = await session(user);
    expect((await get(token, '/v1/profile/authentication')).json()).toEqual({
      enabled: false,
      enforced: false,
      available: true,
      required: false,
      delivery: ['mail'],
    });
    await post(token, '/v1/profile', { phone: '090-1111-2222' });
    const on = await setTwoStep(token, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, required: true, delivery: ['mail', 'sms'] });
    expect((await signIn(t.app, user.email, user.password, { ip: '10.4.252.1' })).statusCode).toBe(202);

    const off = await setTwoStep(token, 'false');
    expect(off.json()).toMatchObject({ enabled: false, required: false });
    expect((await signIn(t.app, user.email, user.password, { ip: '10.4.252.2' })).statusCode).toBe(200);
  });

  it('refuses to turn it off where the domain enforces it', async () => {
    const user = await t.make.user({ domain: { options: { two_step_auth: true } } });
    const token = await session(user);
    await setTwoStep(token, true);
    await t.make.update.domain(user.domainId, { options: { two_step_auth: true, two_step_auth_enforced: true } });
    const res = await setTwoStep(token, false);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('two_step_enforced');
    expect((await get(token, '/v1/profile/authentication')).json()).toMatchObject({ enabled: true, enforced: true });
  });

  it('refuses to turn it off when whoever manages the user forced it on them', async () => {
    const user = await t.make.user();
    const token = await session(user);
    await t.make.update.user(user.id, { two_step_forced: true });
    expect((await get(token, '/v1/profile/authentication')).json()).toMatchObject({
      enabled: true,
      enforced: true,
      required: true,
    });
    const res = await setTwoStep(token, false);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('two_step_enforced');
  });

  it('refuses to turn it on where the domain does not offer it', async () => {
    const user = await t.make.user();
    const token = await session(user);
    const res = await setTwoStep(token, true);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });

  it('refuses a value that is not a boolean', async () => {
    const user = await t.make.user({ domain: { options: { two_step_auth: true } } });
    const token = await session(user);
    expect((await setTwoStep(token, 'maybe')).statusCode).toBe(422);
  });
});
