import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_TTL_MS,
  EMAIL_CHANGE_TTL_MS,
  oneTimeTokenState,
  PASSWORD_RESET_TTL_MS,
  tokenExpiresAt,
} from './tokens.ts';

describe('token lifetimes', () => {
  it.each([
    ['password reset: 1 hour', PASSWORD_RESET_TTL_MS, 3_600_000],
    ['activation: 7 days', ACTIVATION_TTL_MS, 604_800_000],
    ['e-mail change: 24 hours', EMAIL_CHANGE_TTL_MS, 86_400_000],
  ])('%s', (_name, value, expected) => {
    expect(value).toBe(expected);
  });

  it.each([
    ['activation', ACTIVATION_TTL_MS],
    ['password_reset', PASSWORD_RESET_TTL_MS],
    ['email_change', EMAIL_CHANGE_TTL_MS],
  ] as const)('tokenExpiresAt(%s)', (purpose, ttl) => {
    expect(tokenExpiresAt(purpose, 1000)).toBe(1000 + ttl);
  });
});

describe('oneTimeTokenState', () => {
  it.each([
    ['before expiry', { expiresAtMs: 100, usedAtMs: null }, 99, 'valid'],
    ['at the expiry instant', { expiresAtMs: 100, usedAtMs: null }, 100, 'expired'],
    ['after expiry', { expiresAtMs: 100, usedAtMs: null }, 101, 'expired'],
    ['used, even before expiry', { expiresAtMs: 100, usedAtMs: 50 }, 60, 'used'],
  ] as const)('%s', (_name, token, now, expected) => {
    expect(oneTimeTokenState(token, now)).toBe(expected);
  });
});
