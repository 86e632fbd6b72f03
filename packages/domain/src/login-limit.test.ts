import { describe, expect, it } from 'vitest';
import { effectiveLoginLimit, isLoginLimitReached } from './login-limit.ts';

describe('isLoginLimitReached', () => {
  it.each([
    ['no limit', 'per_account', null, 50, 500, false],
    ['per account, below', 'per_account', 2, 1, 99, false],
    ['per account, at the limit', 'per_account', 2, 2, 2, true],
    ['per account, above (limit lowered meanwhile)', 'per_account', 2, 3, 3, true],
    ['per account ignores the domain count', 'per_account', 2, 0, 10, false],
    ['per domain, below', 'per_domain', 5, 3, 4, false],
    ['per domain, at the limit', 'per_domain', 5, 0, 5, true],
    ['limit 1, first sign-in', 'per_account', 1, 0, 0, false],
    ['limit 1, second device', 'per_account', 1, 1, 1, true],
  ] as const)('%s', (_name, mode, limit, activeSessionsForAccount, activeSessionsForDomain, expected) => {
    expect(isLoginLimitReached({ mode, limit, activeSessionsForAccount, activeSessionsForDomain })).toBe(expected);
  });
});

describe('effectiveLoginLimit', () => {
  it.each([
    [3, 5, 3],
    [null, 5, 5],
    [undefined, 5, 5],
    [null, null, null],
    [10, null, 10],
  ] as const)('user %j, domain %j -> %j', (user, domain, expected) => {
    expect(effectiveLoginLimit(user, domain)).toBe(expected);
  });
});
