import { describe, expect, it } from 'vitest';
import {
  formatTwoStepCode,
  isTwoStepCodeFormat,
  isTwoStepRequired,
  judgeTwoStepCode,
  TWO_STEP_CODE_TTL_MS,
  TWO_STEP_MAX_ATTEMPTS,
  twoStepCodeSchema,
} from './two-step.ts';

describe('constants', () => {
  it('10 minutes and 5 attempts', () => {
    expect(TWO_STEP_CODE_TTL_MS).toBe(600_000);
    expect(TWO_STEP_MAX_ATTEMPTS).toBe(5);
  });
});

describe('code format', () => {
  it.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['１２３４５６', false],
    ['', false],
  ] as const)('%j -> %s', (code, expected) => {
    expect(isTwoStepCodeFormat(code)).toBe(expected);
  });

  it.each([
    [' 123 456 ', '123456'],
    ['123456\n', '123456'],
  ])('the schema drops spaces: %j', (input, expected) => {
    expect(twoStepCodeSchema.parse(input)).toBe(expected);
  });

  it('the schema refuses other characters with rule format', () => {
    const r = twoStepCodeSchema.safeParse('12-34-56');
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error.issues[0]).toMatchObject({ code: 'custom', params: { rule: 'format' } });
  });

  it.each([
    [0, '000000'],
    [42, '000042'],
    [999_999, '999999'],
    [1_000_000, '000000'],
    [123_456_789, '456789'],
    [-5, '000005'],
  ])('formatTwoStepCode(%d) = %s', (n, expected) => {
    expect(formatTwoStepCode(n)).toBe(expected);
  });
});

describe('isTwoStepRequired', () => {
  const base = { userForced: false, domainEnabled: false, domainEnforced: false, userEnabled: false };
  it.each([
    ['nothing set', {}, false],
    ['forced on the user, domain off', { userForced: true }, true],
    ['enforced by the domain', { domainEnabled: true, domainEnforced: true }, true],
    ['offered by the domain, user did not opt in', { domainEnabled: true }, false],
    ['offered by the domain, user opted in', { domainEnabled: true, userEnabled: true }, true],
    ['user opted in, domain does not offer it', { userEnabled: true }, false],
  ])('%s', (_name, over, expected) => {
    expect(isTwoStepRequired({ ...base, ...over })).toBe(expected);
  });
});

describe('judgeTwoStepCode', () => {
  const now = 1_000_000;
  const open = { attempts: 0, expiresAtMs: now + 1, consumed: false };
  const matches = (c: string) => c === '123456';
  it.each([
    ['right code', open, '123456', { ok: true }],
    ['right code with spaces', open, '123 456', { ok: true }],
    ['wrong code counts', open, '654321', { ok: false, reason: 'two_step_code_invalid', countAttempt: true }],
    ['malformed code counts', open, 'abc', { ok: false, reason: 'two_step_code_invalid', countAttempt: true }],
    [
      'expired at the instant',
      { ...open, expiresAtMs: now },
      '123456',
      { ok: false, reason: 'two_step_code_expired', countAttempt: false },
    ],
    [
      'fifth wrong attempt still judged',
      { ...open, attempts: 4 },
      '000000',
      { ok: false, reason: 'two_step_code_invalid', countAttempt: true },
    ],
    [
      'after five wrong codes even the right one fails',
      { ...open, attempts: 5 },
      '123456',
      { ok: false, reason: 'two_step_code_invalid', countAttempt: false },
    ],
    [
      'a used challenge fails',
      { ...open, consumed: true },
      '123456',
      { ok: false, reason: 'two_step_code_invalid', countAttempt: false },
    ],
  ] as const)('%s', (_name, challenge, code, expected) => {
    expect(judgeTwoStepCode(challenge, code, matches, now)).toEqual(expected);
  });
});
