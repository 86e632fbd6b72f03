import { describe, expect, it } from 'vitest';
import {
  emailChangeSchema,
  emailSchema,
  isPasswordRecommended,
  loginFormSchema,
  passwordChangeSchema,
  passwordSchema,
} from './account.ts';
import { FIELD_RULES, fieldErrorsOf, parseFields } from './field-errors.ts';
import { fieldRulesOf } from './field-rules.fixture.ts';

/** The field errors of an input that must be refused: fails the test (instead of skipping a branch) when accepted. */
function refusal(schema: Parameters<typeof parseFields>[0], input: unknown) {
  const r = parseFields(schema, input);
  if (r.ok) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  expect(r.fields.length).toBeGreaterThan(0);
  return r.fields;
}

describe('passwordSchema', () => {
  it.each<[string, string, string[]]>([
    ['8 ASCII characters', 'abcd1234', []],
    ['a passphrase with spaces', 'correct horse battery', []],
    ['symbols', '!@#$%^&*()_+-=~', []],
    ['empty', '', [':required']],
    ['7 characters', 'abc1234', [':min_length']],
    ['an accented letter', 'pässword1', [':ascii_only']],
    ['a full-width digit', 'password１', [':ascii_only']],
    ['kana', 'パスワードです12', [':ascii_only']],
    ['a tab', 'pass\tword1', [':ascii_only']],
    ['short and accented: both rules', 'é1', [':min_length', ':ascii_only']],
    ['129 characters', 'a'.repeat(129), [':max_length']],
    ['128 characters', 'a'.repeat(128), []],
  ])('%s', (_name, input, expected) => {
    expect(fieldRulesOf(passwordSchema, input)).toEqual(expected);
  });

  it('messages name the rule', () => {
    expect(refusal(passwordSchema, 'abc')[0]?.message).toMatch(/at least 8 characters/);
    expect(refusal(passwordSchema, 'abcdefgé')[0]?.message).toMatch(/accented/);
  });

  it.each([
    ['abcd1234', true],
    ['abcdefgh', false],
    ['12345678', false],
  ] as const)('isPasswordRecommended(%s) = %s', (pw, expected) => {
    expect(isPasswordRecommended(pw)).toBe(expected);
  });
});

describe('emailSchema', () => {
  it.each<[string, unknown, string | string[]]>([
    ['trims and lower-cases', '  Taro.Yamada@Example.CO.JP ', 'taro.yamada@example.co.jp'],
    ['plus addressing', 'a+b@example.com', 'a+b@example.com'],
    ['empty', '  ', [':required']],
    ['missing', undefined, [':required']],
    ['not a string', 42, [':format']],
    ['no at sign', 'example.com', [':email']],
    ['no domain dot', 'a@localhost', [':email']],
    ['two at signs', 'a@b@c.com', [':email']],
    ['too long', `${'a'.repeat(250)}@x.com`, [':max_length']],
  ])('%s', (_name, input, expected) => {
    if (typeof expected === 'string') expect(emailSchema.parse(input)).toBe(expected);
    else expect(fieldRulesOf(emailSchema, input)).toEqual(expected);
  });
});

describe('passwordChangeSchema', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['valid', { currentPassword: 'old-pass', newPassword: 'newpass12', retypedNewPassword: 'newpass12' }, []],
    [
      'retype differs',
      { currentPassword: 'old-pass', newPassword: 'newpass12', retypedNewPassword: 'newpass13' },
      ['retypedNewPassword:must_match'],
    ],
    [
      'new equals current',
      { currentPassword: 'samepass1', newPassword: 'samepass1', retypedNewPassword: 'samepass1' },
      ['newPassword:must_differ'],
    ],
    [
      'short new password and mismatched retype: both shown',
      { currentPassword: 'old-pass', newPassword: 'short', retypedNewPassword: 'shorter' },
      ['newPassword:min_length', 'retypedNewPassword:must_match'],
    ],
    ['everything missing', {}, ['currentPassword:required', 'newPassword:required', 'retypedNewPassword:required']],
    [
      'empty strings',
      { currentPassword: '', newPassword: '', retypedNewPassword: '' },
      ['currentPassword:required', 'newPassword:required', 'retypedNewPassword:required'],
    ],
    [
      'an old current password that breaks today’s rules is fine',
      { currentPassword: 'é', newPassword: 'newpass12', retypedNewPassword: 'newpass12' },
      [],
    ],
  ])('%s', (_name, input, expected) => {
    expect(fieldRulesOf(passwordChangeSchema, input)).toEqual(expected);
  });
});

describe('emailChangeSchema', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['valid, case and spaces ignored', { newEmail: 'New@Example.com', retypedNewEmail: ' new@example.COM ' }, []],
    ['mismatch', { newEmail: 'new@example.com', retypedNewEmail: 'neu@example.com' }, ['retypedNewEmail:must_match']],
    ['invalid new e-mail', { newEmail: 'nope', retypedNewEmail: 'nope' }, ['newEmail:email']],
    ['missing retype', { newEmail: 'new@example.com' }, ['retypedNewEmail:required']],
  ])('%s', (_name, input, expected) => {
    expect(fieldRulesOf(emailChangeSchema, input)).toEqual(expected);
  });

  it('normalises the new e-mail', () => {
    expect(emailChangeSchema.parse({ newEmail: ' A@B.jp', retypedNewEmail: 'a@b.jp' }).newEmail).toBe('a@b.jp');
  });
});

describe('loginFormSchema', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['valid', { username: 'user@example.com', password: 'x' }, []],
    ['a malformed username is not judged here', { username: 'not-an-email', password: 'x' }, []],
    ['blank username', { username: '  ', password: 'x' }, ['username:required']],
    ['missing password', { username: 'u@example.com' }, ['password:required']],
  ])('%s', (_name, input, expected) => {
    expect(fieldRulesOf(loginFormSchema, input)).toEqual(expected);
  });
});

describe('fieldErrorsOf', () => {
  it('without the input, a missing value is still recognised through the error map message', () => {
    const r = passwordChangeSchema.safeParse(
      {},
      { error: (iss) => (iss.input === undefined ? 'This field is required.' : undefined) },
    );
    if (r.success) throw new Error('an empty form must be refused');
    expect(fieldErrorsOf(r.error).map((f) => f.rule)).toEqual(['required', 'required', 'required']);
  });

  it('every rule it produces is a known rule', () => {
    const r = passwordChangeSchema.safeParse({ currentPassword: 1, newPassword: 'é', retypedNewPassword: 'x' });
    if (r.success) throw new Error('a wrong type and a bad new password must be refused');
    const fields = fieldErrorsOf(r.error, {});
    // The wrong type and the new password's rules (the retype is compared only once the new password passes).
    expect(new Set(fields.map((f) => f.field))).toEqual(new Set(['currentPassword', 'newPassword']));
    for (const f of fields) expect(FIELD_RULES).toContain(f.rule);
  });
});
