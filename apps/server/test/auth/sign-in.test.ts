import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { postForm } from '../helpers/http.ts';

const t = useTestApp();

const signIn = (fields: Record<string, string>, ip = '10.0.0.1') => postForm(t.app, '/v1/auth/token', fields, { ip });

const form = (username: string, password: string) => ({
  grant_type: 'password',
  username,
  password,
  scope: '',
  device: 'Chrome on macOS',
  application: 'console',
});

describe('POST /v1/auth/token', () => {
  it('signs in with the e-mail and password and returns both tokens', async () => {
    const user = await t.make.user();
    const res = await signIn(form(user.email, user.password));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body['content-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body['content-token']).not.toBe(body.access_token);
    expect(body.token_type).toBe('bearer');

    const profile = await t.app.inject({
      method: 'GET',
      url: '/v1/profile',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user).toMatchObject({ email: user.email, privilege_type: 'super' });
    expect(profile.json().domain).toMatchObject({ host: user.host, company_code: '0008' });
  });

  it('accepts the username in any letter case', async () => {
    const user = await t.make.user({ email: 'Mixed.Case@Example.test' });
    const res = await signIn(form('mixed.case@EXAMPLE.test', user.password));
    expect(res.statusCode).toBe(200);
  });

  it('stores tokens hashed, with the device and application', async () => {
    const user = await t.make.user();
    const res = await signIn(form(user.email, user.password));
    const token: string = res.json().access_token;
    const rows = await t.db.selectFrom('auth_tokens').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.device).toBe('Chrome on macOS');
      expect(row.application).toBe('console');
      expect(row.token_hash.toString('utf8')).not.toContain(token);
      expect(row.token_hash).toHaveLength(32);
    }
  });

  it.each([
    ['a wrong password', (e: string) => form(e, 'wrong-password-1')],
    ['an unknown user', () => form('nobody@example.test', 'whatever-123')],
  ])('answers a login failure for %s', async (_label, build) => {
    const user = await t.make.user();
    const res = await signIn(build(user.email), '10.0.1.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('login_failed');
    expect(res.json().error.user_message).toBeTruthy();
    expect(res.json()).not.toHaveProperty('access_token');
  });

  it.each([
    ['username', { grant_type: 'password', password: 'x' }],
    ['password', { grant_type: 'password', username: 'a@example.test' }],
  ])('answers a login failure naming the missing %s', async (field, fields) => {
    const res = await signIn(fields, '10.0.2.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('login_failed');
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field, rule: 'required' })]);
  });

  it('refuses a grant type other than password', async () => {
    const user = await t.make.user();
    const res = await signIn({ ...form(user.email, user.password), grant_type: 'client_credentials' }, '10.0.3.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0]).toMatchObject({ field: 'grant_type' });
  });

  it('refuses a disabled account even with the right password', async () => {
    const user = await t.make.user({ status: 'inactive' });
    const res = await signIn(form(user.email, user.password), '10.0.4.1');
    expect(res.statusCode).toBe(400);
    // Its own code, which the console translates; a wrong password still says only "login failed".
    expect(res.json().error.code).toBe('account_not_active');
    const wrong = await signIn(form(user.email, 'not-the-password-1'), '10.0.4.2');
    expect(wrong.json().error.code).toBe('login_failed');
  });

  it('refuses the users of a domain marked for deletion', async () => {
    const user = await t.make.user({ domain: { host: 'closing.example.test', deleting: true } });
    const res = await signIn(form(user.email, user.password), '10.0.5.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('login_failed');
  });

  it('accepts JSON as well as the form', async () => {
    const user = await t.make.user();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token',
      payload: form(user.email, user.password),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('protected routes', () => {
  it('answer 401 in the error shape without a token or with a bad one', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-real-token' }, { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/profile', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('not_authenticated');
    }
  });

  it('do not accept the content token as an access token', async () => {
    const user = await t.make.user();
    const res = await signIn(form(user.email, user.password));
    const profile = await t.app.inject({
      method: 'GET',
      url: '/v1/profile',
      headers: { authorization: `Bearer ${res.json()['content-token']}` },
    });
    expect(profile.statusCode).toBe(401);
  });
});

describe('POST /v1/auth/token/revoke', () => {
  it('makes the access token and its content token useless', async () => {
    const user = await t.make.user();
    const tokens = (await signIn(form(user.email, user.password))).json();
    const revoke = await postForm(t.app, '/v1/auth/token/revoke', { token: tokens.access_token });
    expect(revoke.statusCode).toBe(200);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/v1/profile',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(profile.statusCode).toBe(401);
    const rows = await t.db.selectFrom('auth_tokens').select('revoked_at').where('user_id', '=', user.id).execute();
    expect(rows.every((r) => r.revoked_at !== null)).toBe(true);
  });

  it('leaves the same user signed in on another device', async () => {
    const user = await t.make.user();
    const first = (await signIn(form(user.email, user.password))).json();
    const second = (await signIn(form(user.email, user.password))).json();
    await t.app.inject({ method: 'POST', url: '/v1/auth/token/revoke', payload: { token: first.access_token } });
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/profile',
      headers: { authorization: `Bearer ${second.access_token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 200 for an unknown or missing token without revealing anything', async () => {
    for (const payload of [{ token: 'unknown' }, {}]) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/auth/token/revoke', payload });
      expect(res.statusCode).toBe(200);
    }
  });
});
