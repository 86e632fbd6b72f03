import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../src/platform/mail/smtp-mailer.ts';
import { build, useTestApp } from '../helpers/app.ts';
import { bearer, signIn } from '../helpers/http.ts';
import { lastMailTo, linkIn, mailsTo } from '../helpers/mail.ts';
import { findPart, parseEml } from '../platform/eml.ts';

const t = useTestApp({ publicUrl: 'http://console.test' });

/** The limits recorded in docs/decisions.md (password reset), pinned so a change to the source fails here. */
const MAIL_REQUEST_THROTTLE = { maxPerEmail: 5, maxPerIp: 20 } as const;

let ipCounter = 0;
/** A fresh client address per request unless given, so the per-address limit stays out of unrelated tests. */
function requestReset(email: string, options: { origin?: string; ip?: string } = {}) {
  ipCounter += 1;
  return t.app.inject({
    method: 'POST',
    url: '/v1/password-reset',
    remoteAddress: options.ip ?? `10.7.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
    headers: options.origin ? { origin: options.origin } : {},
    payload: { email },
  });
}

const check = (token: string) => t.app.inject({ method: 'GET', url: `/v1/password-reset/${token}` });
const complete = (token: string, password: string, retypedPassword = password) =>
  t.app.inject({ method: 'POST', url: `/v1/password-reset/${token}`, payload: { password, retypedPassword } });

async function resetLink(email: string, origin?: string): Promise<{ link: string; token: string }> {
  expect((await requestReset(email, origin ? { origin } : {})).statusCode).toBe(200);
  const link = linkIn((await lastMailTo(t.mailDir, email)).text, '/user/password/confirmation/');
  return { link, token: link.split('/').pop() ?? '' };
}

describe('password reset', () => {
  it('mails a link, shows the masked address, sets the new password and signs out every session', async () => {
    const user = await t.make.user({ email: 'taro.yamada@example.test' });
    const session = (await signIn(t.app, user.email, user.password)).json();
    const { link, token } = await resetLink(user.email);
    expect(link).toBe(`http://console.test/user/password/confirmation/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = await lastMailTo(t.mailDir, user.email);
    expect(mail.subject).toContain('Reset your password');
    expect(mail.text).toContain('1 hour');

    const shown = await check(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ email: 'ta***@example.test', first_password: false });

    const done = await complete(token, 'brand-new-pass-9');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ reset: true, first_password: false });
    expect((await signIn(t.app, user.email, user.password, { ip: '10.7.200.1' })).statusCode).toBe(400);
    expect((await signIn(t.app, user.email, 'brand-new-pass-9', { ip: '10.7.200.2' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/profile', headers: bearer(session.access_token) })).statusCode,
    ).toBe(401);
    // The owner is told.
    expect((await lastMailTo(t.mailDir, user.email)).subject).toContain('Your password was changed');

    // The link works once.
    for (const again of [await check(token), await complete(token, 'another-pass-10')]) {
      expect(again.statusCode).toBe(400);
      expect(again.json().error.code).toBe('password_reset_failed');
    }
  });

  it('answers the same for an unknown address, a disabled account and a real one, and mails only the real one', async () => {
    const active = await t.make.user();
    const disabled = await t.make.user({ status: 'inactive' });
    const answers = await Promise.all([
      requestReset(active.email),
      requestReset('nobody-here@example.test'),
      requestReset(disabled.email),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(await mailsTo(t.mailDir, active.email)).toHaveLength(1);
    expect(await mailsTo(t.mailDir, 'nobody-here@example.test')).toHaveLength(0);
    expect(await mailsTo(t.mailDir, disabled.email)).toHaveLength(0);
  });

  it('links to the console that asked only when it is the user’s own domain or the public URL', async () => {
    const user = await t.make.user();
    expect((await resetLink(user.email, `https://${user.host}`)).link).toMatch(
      new RegExp(`^https://${user.host.replace(/\./g, '\\.')}/user/password/confirmation/`),
    );
    expect((await resetLink(user.email, 'http://console.test:5173')).link).toMatch(
      /^http:\/\/console\.test:5173\/user\/password\/confirmation\//,
    );
    // Someone else's host in the Origin header must not receive the token (reset poisoning).
    const target = await t.make.user();
    for (const origin of ['https://evil.example', 'null', 'javascript:alert(1)', `ftp://${target.host}`]) {
      expect((await resetLink(target.email, origin)).link).toMatch(
        /^http:\/\/console\.test\/user\/password\/confirmation\//,
      );
    }
  });

  it('answers password_reset_expired after an hour and password_reset_failed for an unknown token', async () => {
    const user = await t.make.user();
    const { token } = await resetLink(user.email);
    await t.make.update.expire('one_time_tokens', user.id);
    for (const res of [await check(token), await complete(token, 'brand-new-pass-9')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('password_reset_expired');
    }
    for (const res of [await check('unknown-token'), await complete('unknown-token', 'brand-new-pass-9')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('password_reset_failed');
    }
    expect((await signIn(t.app, user.email, user.password, { ip: '10.7.201.1' })).statusCode).toBe(200);
  });

  it('keeps only the newest link working', async () => {
    const user = await t.make.user();
    const first = await resetLink(user.email);
    const second = await resetLink(user.email);
    expect((await check(first.token)).json().error.code).toBe('password_reset_failed');
    expect((await check(second.token)).statusCode).toBe(200);
  });

  it('refuses a new password that breaks the account rules, naming the field and rule, and changes nothing', async () => {
    const user = await t.make.user();
    const { token } = await resetLink(user.email);
    const cases: [string, string, { field: string; rule: string }][] = [
      ['short1', 'short1', { field: 'password', rule: 'min_length' }],
      ['pässwörd-123', 'pässwörd-123', { field: 'password', rule: 'ascii_only' }],
      ['long-enough-1', 'long-enough-2', { field: 'retypedPassword', rule: 'must_match' }],
    ];
    for (const [password, retyped, expected] of cases) {
      const res = await complete(token, password, retyped);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.fields).toEqual([expect.objectContaining(expected)]);
    }
    // The link is still good, and the old password still works.
    expect((await check(token)).statusCode).toBe(200);
    expect((await signIn(t.app, user.email, user.password, { ip: '10.7.202.1' })).statusCode).toBe(200);
  });

  it('refuses a malformed address with 422', async () => {
    const res = await requestReset('not-an-address');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'email', rule: 'email' })]);
  });

  it(`limits requests to ${MAIL_REQUEST_THROTTLE.maxPerEmail} an hour per address, known or not`, async () => {
    for (const email of ['limited-nobody@example.test', (await t.make.user()).email]) {
      for (let i = 0; i < MAIL_REQUEST_THROTTLE.maxPerEmail; i += 1) {
        expect((await requestReset(email)).statusCode).toBe(200);
      }
      const limited = await requestReset(email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('too_many_attempts');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it(`limits requests to ${MAIL_REQUEST_THROTTLE.maxPerIp} an hour per client address`, async () => {
    const ip = '10.6.6.6';
    for (let i = 0; i < MAIL_REQUEST_THROTTLE.maxPerIp; i += 1) {
      expect((await requestReset(`probe${i}@example.test`, { ip })).statusCode).toBe(200);
    }
    expect((await requestReset('probe-last@example.test', { ip })).statusCode).toBe(429);
    expect((await requestReset('probe-last@example.test', { ip: '10.6.6.7' })).statusCode).toBe(200);
  });
});

describe('password reset through a real SMTP server', () => {
  it('delivers the link over SMTP, and the link resets the password', async (context) => {
    const received: { rcptTo: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        text(stream).then(
          (raw) => {
            received.push({ rcptTo: session.envelope.rcptTo.map((a) => a.address), raw });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Spinyard <no-reply@example.test>');
    // Registered before the app, so they run after it closed (onTestFinished runs in reverse).
    context.onTestFinished(async () => {
      await mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const smtp = await build(context, { mailer, publicUrl: 'https://console.example.test' });
    const user = await smtp.make.user({ email: 'smtp.user@example.test' });
    const res = await smtp.app.inject({ method: 'POST', url: '/v1/password-reset', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);

    expect(received).toHaveLength(1);
    expect(received[0]!.rcptTo).toEqual(['smtp.user@example.test']);
    const mail = parseEml(received[0]!.raw);
    expect(mail.headers.get('from')).toBe('Spinyard <no-reply@example.test>');
    const body = findPart(mail, 'text/plain')?.body ?? '';
    const link = linkIn(body.replace(/\r\n/g, '\n'), '/user/password/confirmation/');
    expect(link.startsWith('https://console.example.test/user/password/confirmation/')).toBe(true);
    const token = link.split('/').pop() ?? '';

    const done = await smtp.app.inject({
      method: 'POST',
      url: `/v1/password-reset/${token}`,
      payload: { password: 'over-smtp-pass-7', retypedPassword: 'over-smtp-pass-7' },
    });
    expect(done.statusCode).toBe(200);
    const signedIn = await smtp.app.inject({
      method: 'POST',
      url: '/v1/auth/token',
      payload: { grant_type: 'password', username: user.email, password: 'over-smtp-pass-7' },
    });
    expect(signedIn.statusCode).toBe(200);
    // The password-changed notice went out the same way.
    expect(received).toHaveLength(2);
  });
});
