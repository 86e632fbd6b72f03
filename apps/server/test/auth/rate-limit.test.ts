import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../src/modules/auth/rate-limit.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

function signIn(username: string, password: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/auth/token',
    remoteAddress: ip,
    payload: { grant_type: 'password', username, password },
  });
}

describe('login rate limit', () => {
  it('locks a username after repeated failures, even for the right password, with a clear 429', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerUsername; i += 1) {
      expect((await signIn(user.email, 'wrong-password', `10.1.0.${i}`)).statusCode).toBe(400);
    }
    const locked = await signIn(user.email, user.password, '10.1.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('too_many_attempts');
    expect(locked.json().error.user_message).toMatch(/wait/i);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_THROTTLE.windowMs / 1000);
    expect(locked.json().error.retry_after_seconds).toBe(retryAfter);
  });

  it('locks an address that tries many usernames, and leaves other addresses alone', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerIp; i += 1) {
      await signIn(`someone${i}@example.test`, 'wrong-password', ip);
    }
    const user = await createUser(t.db);
    expect((await signIn(user.email, user.password, ip)).statusCode).toBe(429);
    expect((await signIn(user.email, user.password, '10.2.0.2')).statusCode).toBe(200);
  });

  it('forgives earlier failures of a username after a successful sign-in', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerUsername - 1; i += 1) {
      await signIn(user.email, 'wrong-password', '10.3.0.1');
    }
    expect((await signIn(user.email, user.password, '10.3.0.2')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerUsername - 1; i += 1) {
      await signIn(user.email, 'wrong-password', '10.3.0.3');
    }
    expect((await signIn(user.email, user.password, '10.3.0.4')).statusCode).toBe(200);
  });
});
