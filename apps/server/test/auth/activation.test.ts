import { describe, expect, it } from 'vitest';
import { sendActivationMail } from '../../src/modules/auth/index.ts';
import { NO_PASSWORD_YET } from '../../src/modules/auth/passwords.ts';
import { createOutboxMailer } from '../../src/platform/mail/outbox-mailer.ts';
import { useTestApp } from '../helpers/app.ts';
import { signIn } from '../helpers/http.ts';
import { lastMailTo, linkIn, mailsTo } from '../helpers/mail.ts';

const t = useTestApp({ publicUrl: 'http://console.test' });

/** What the users and tenancy areas pass: the app's database, mail and public URL. */
function ctx() {
  const mailer = createOutboxMailer(t.mailDir, () => undefined);
  return {
    db: t.db,
    mail: { send: async (mail: Parameters<typeof mailer.send>[0]) => void (await mailer.send(mail)) },
    publicUrl: 'http://console.test',
  };
}

const activate = (token: string) => t.app.inject({ method: 'GET', url: `/v1/activation/activate/${token}` });
const resend = (email: string, ip = '10.5.0.1') =>
  t.app.inject({ method: 'POST', url: '/v1/activation/resend', remoteAddress: ip, payload: { email } });

async function pendingUserWithLink() {
  const user = await t.make.user({ status: 'approval_pending' });
  expect(await sendActivationMail(ctx(), user.id, undefined)).toBe(true);
  const link = linkIn((await lastMailTo(t.mailDir, user.email)).text, '/user/activation/');
  return { user, link, token: link.split('/').pop() ?? '' };
}

describe('account activation', () => {
  it('hands an account made without a password a link to choose one', async () => {
    const user = await t.make.user({ status: 'approval_pending', password_hash: NO_PASSWORD_YET });
    expect((await signIn(t.app, user.email, '', { ip: '10.5.8.1' })).statusCode).toBe(400);
    expect(await sendActivationMail(ctx(), user.id, undefined)).toBe(true);
    const token =
      linkIn((await lastMailTo(t.mailDir, user.email)).text, '/user/activation/')
        .split('/')
        .pop() ?? '';

    const res = await activate(token);
    expect(res.statusCode).toBe(200);
    const passwordToken: string = res.json().password_token;
    expect(passwordToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The link says it sets the first password, so the screens speak of activation, not of a reset.
    const shown = await t.app.inject({ method: 'GET', url: `/v1/password-reset/${passwordToken}` });
    expect(shown.json()).toMatchObject({ first_password: true });
    const set = await t.app.inject({
      method: 'POST',
      url: `/v1/password-reset/${passwordToken}`,
      payload: { password: 'chosen-password-9', retypedPassword: 'chosen-password-9' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ reset: true, first_password: true });
    expect((await signIn(t.app, user.email, 'chosen-password-9', { ip: '10.5.8.2' })).statusCode).toBe(200);
    // A welcome rather than "your password was changed": nothing was changed, nobody was signed out.
    const mail = await lastMailTo(t.mailDir, user.email);
    expect(mail.subject).toContain('Your account is ready');
    expect(mail.text).not.toMatch(/password was changed|signed out/i);
  });

  it('hands no password link to an account that has its own password', async () => {
    const { token } = await pendingUserWithLink();
    expect((await activate(token)).json()).not.toHaveProperty('password_token');
  });

  it('mails a 7-day link that activates the account once', async () => {
    const { user, link, token } = await pendingUserWithLink();
    expect(link).toBe(`http://console.test/user/activation/${token}`);
    const mail = await lastMailTo(t.mailDir, user.email);
    expect(mail.subject).toContain('Activate your account');
    expect(mail.text).toContain('7 days');
    // No article before the service name: "An Dealer One account" read wrong.
    expect(mail.text).toMatch(/An account was created for you on \S/);
    expect(mail.text).not.toMatch(/\b(A|An) \S+ account was created/);
    // Not active yet: no sign-in.
    expect((await signIn(t.app, user.email, user.password, { ip: '10.5.9.1' })).statusCode).toBe(400);

    const res = await activate(token);
    expect(res.statusCode).toBe(200);
    // The address is masked to its first two letters.
    expect(res.json()).toEqual({ status: 'activated', email: `${user.email.slice(0, 2)}***@example.test` });
    const row = await t.db
      .selectFrom('users')
      .select(['status', 'activated_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
    expect(row.activated_at).toBeInstanceOf(Date);
    expect((await signIn(t.app, user.email, user.password, { ip: '10.5.9.2' })).statusCode).toBe(200);

    // Opening the mail again says so instead of failing.
    expect((await activate(token)).json()).toMatchObject({ status: 'already_active' });
  });

  it('uses the caller’s origin only for the user’s own domain', async () => {
    const user = await t.make.user({ status: 'approval_pending', domain: { host: 'activation.example.test' } });
    await sendActivationMail(ctx(), user.id, 'https://activation.example.test');
    expect(linkIn((await lastMailTo(t.mailDir, user.email)).text, '/user/activation/')).toMatch(
      /^https:\/\/activation\.example\.test\/user\/activation\//,
    );
    await sendActivationMail(ctx(), user.id, 'https://phishing.example');
    expect(linkIn((await lastMailTo(t.mailDir, user.email)).text, '/user/activation/')).toMatch(
      /^http:\/\/console\.test\/user\/activation\//,
    );
  });

  it('answers link_expired after 7 days and link_invalid for an unknown token', async () => {
    const { user, token } = await pendingUserWithLink();
    await t.make.update.expire('one_time_tokens', user.id);
    const expired = await activate(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('link_expired');
    const unknown = await activate('no-such-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('link_invalid');
    expect(
      (await t.db.selectFrom('users').select('status').where('id', '=', user.id).executeTakeFirstOrThrow()).status,
    ).toBe('approval_pending');
  });

  it('does not bring back an account that was disabled meanwhile', async () => {
    const { user, token } = await pendingUserWithLink();
    await t.make.update.user(user.id, { status: 'cancelled' });
    expect((await activate(token)).json().error.code).toBe('link_invalid');
    expect(
      (await t.db.selectFrom('users').select('status').where('id', '=', user.id).executeTakeFirstOrThrow()).status,
    ).toBe('cancelled');
  });

  it('sends nothing for users who are not waiting for activation', async () => {
    const active = await t.make.user();
    expect(await sendActivationMail(ctx(), active.id, undefined)).toBe(false);
    expect(await sendActivationMail(ctx(), '999999999', undefined)).toBe(false);
    expect(await mailsTo(t.mailDir, active.email)).toHaveLength(0);
  });
});

describe('POST /v1/activation/resend', () => {
  it('mails a new link to a pending account, which replaces the old one', async () => {
    const { user, token: first } = await pendingUserWithLink();
    const res = await resend(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: true });
    const second =
      linkIn((await lastMailTo(t.mailDir, user.email)).text, '/user/activation/')
        .split('/')
        .pop() ?? '';
    expect(second).not.toBe(first);
    expect((await activate(first)).json().error.code).toBe('link_invalid');
    expect((await activate(second)).json().status).toBe('activated');
  });

  it('answers the same for unknown and active accounts, and mails nobody', async () => {
    const active = await t.make.user();
    const known = await resend(active.email, '10.5.1.1');
    const unknown = await resend('never-registered@example.test', '10.5.1.2');
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(await mailsTo(t.mailDir, active.email)).toHaveLength(0);
    expect(await mailsTo(t.mailDir, 'never-registered@example.test')).toHaveLength(0);
  });

  it('is rate limited per address', async () => {
    const email = 'resend-limit@example.test';
    for (let i = 0; i < 5; i += 1) expect((await resend(email, `10.5.2.${i}`)).statusCode).toBe(200);
    expect((await resend(email, '10.5.2.99')).statusCode).toBe(429);
  });
});
