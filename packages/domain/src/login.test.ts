import { describe, expect, it } from 'vitest';
import {
  hasLoginCredentials,
  isAnotherUserLogin,
  isLoggedIn,
  LOGIN_OUTCOMES,
  LOGIN_STATUS_BY_OUTCOME,
  loginOutcomeEffect,
  loginOutcomeOf,
} from './login.ts';

describe('loginOutcomeOf', () => {
  it.each([
    [200, 'signed_in'],
    [201, 'device_limit_reached'],
    [202, 'second_step_required'],
    [400, 'failed'],
    [401, 'failed'],
    [429, 'failed'],
    [500, 'failed'],
    [204, 'failed'],
    [undefined, 'failed'],
  ] as const)('%s gives %s', (status, outcome) => {
    expect(loginOutcomeOf(status)).toBe(outcome);
  });

  it('the server status of each outcome maps back to it', () => {
    for (const o of LOGIN_OUTCOMES) expect(loginOutcomeOf(LOGIN_STATUS_BY_OUTCOME[o])).toBe(o);
  });
});

describe('loginOutcomeEffect', () => {
  it.each([
    ['signed_in', 'access_and_content', '/top'],
    ['device_limit_reached', 'temporary', undefined],
    ['second_step_required', 'temporary', '/login/authentication'],
    ['failed', 'none', undefined],
  ] as const)('%s stores %s and goes to %s', (outcome, stores, next) => {
    expect(loginOutcomeEffect(outcome)).toEqual({ outcome, stores, next });
  });
});

describe('credentials and session', () => {
  it.each([
    ['u', 'p', true],
    ['', 'p', false],
    ['  ', 'p', false],
    ['u', '', false],
    [undefined, 'p', false],
    ['u', undefined, false],
  ] as const)('username %j password %j: %s', (u, p, ok) => {
    expect(hasLoginCredentials(u, p)).toBe(ok);
  });

  it.each([
    ['t', true],
    ['', false],
    [null, false],
    [undefined, false],
  ] as const)('isLoggedIn(%j) is %s', (t, ok) => {
    expect(isLoggedIn(t)).toBe(ok);
  });

  it.each([
    ['a', 'b', true],
    ['a', 'a', false],
    [null, 'b', false],
    ['a', null, false],
  ] as const)('token %j then %j: another user %s', (before, after, expected) => {
    expect(isAnotherUserLogin(before, after)).toBe(expected);
  });
});
