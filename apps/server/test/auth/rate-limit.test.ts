import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { type Factory, factory } from '../helpers/factory.ts';

/**
 * The login limits recorded in docs/decisions.md ("Login rate limits"), pinned here as numbers rather than read
 * from the source, so changing the constant fails this test: 5 failures per username and 20 per client address
 * within 15 minutes.
 */
const PER_USERNAME = 5;
const PER_ADDRESS = 20;
const WINDOW_SECONDS = 15 * 60;

const t = useTestApp();
let f: Factory;
beforeAll(() => {
  f = factory(t.db);
});

function signIn(username: string, password: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/auth/token',
    remoteAddress: ip,
    payload: { grant_type: 'password', username, password },
  });
}

async function fail(times: number, username: (i: number) => string, ip: (i: number) => string) {
  for (let i = 0; i < times; i += 1) {
    const res = await signIn(username(i), 'wrong-password', ip(i));
    expect(res.statusCode, `failure ${i + 1}: ${res.body}`).toBe(400);
  }
}

describe('login rate limit', () => {
  it('locks a username after 5 failures, even for the right password, with a clear 429 for 15 minutes', async () => {
    const user = await f.user();
    await fail(
      PER_USERNAME,
      () => user.email,
      (i) => `10.1.0.${i}`,
    );
    const locked = await signIn(user.email, user.password, '10.1.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('too_many_attempts');
    expect(locked.json().error.user_message).toMatch(/wait/i);
    const retryAfter = Number(locked.headers['retry-after']);
    // The window runs from the oldest failure, made a moment ago.
    expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(locked.json().error.retry_after_seconds).toBe(retryAfter);
  });

  it('does not lock a username after 4 failures', async () => {
    const user = await f.user();
    await fail(
      PER_USERNAME - 1,
      () => user.email,
      (i) => `10.4.0.${i}`,
    );
    expect((await signIn(user.email, user.password, '10.4.1.1')).statusCode).toBe(200);
  });

  it('locks an address that failed 20 times over many usernames, and leaves other addresses alone', async () => {
    const ip = '10.2.0.1';
    await fail(
      PER_ADDRESS,
      (i) => `someone${i}@example.test`,
      () => ip,
    );
    const user = await f.user();
    const locked = await signIn(user.email, user.password, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('too_many_attempts');
    expect((await signIn(user.email, user.password, '10.2.0.2')).statusCode).toBe(200);
  });

  it('does not lock an address after 19 failures', async () => {
    const ip = '10.5.0.1';
    await fail(
      PER_ADDRESS - 1,
      (i) => `nobody${i}@example.test`,
      () => ip,
    );
    const user = await f.user();
    expect((await signIn(user.email, user.password, ip)).statusCode).toBe(200);
  });

  it('forgives earlier failures of a username after a successful sign-in', async () => {
    const user = await f.user();
    await fail(
      PER_USERNAME - 1,
      () => user.email,
      () => '10.3.0.1',
    );
    expect((await signIn(user.email, user.password, '10.3.0.2')).statusCode).toBe(200);
    await fail(
      PER_USERNAME - 1,
      () => user.email,
      () => '10.3.0.3',
    );
    expect((await signIn(user.email, user.password, '10.3.0.4')).statusCode).toBe(200);
  });
});
