import { describe, expect, it } from 'vitest';
import { emailRequestBody, newPasswordBody } from './account.ts';
import { parseFields } from './field-errors.ts';
import { profileUpdateBody } from './profile.ts';

const rulesOf = (schema: Parameters<typeof parseFields>[0], input: unknown) => {
  const r = parseFields(schema, input);
  return r.ok ? [] : r.fields.map((f) => `${f.field}:${f.rule}`);
};

describe('the own profile', () => {
  it('changes only the names and phone sent, under the one phone rule', () => {
    expect(parseFields(profileUpdateBody, { name: ' Aoi ', phone: '' })).toEqual({
      ok: true,
      data: { name: 'Aoi', phone: '' },
    });
    expect(rulesOf(profileUpdateBody, { name: '', phone: '12' })).toEqual(['name:required', 'phone:format']);
    expect(rulesOf(profileUpdateBody, { display_name: 'x'.repeat(101) })).toEqual(['display_name:max_length']);
    expect(rulesOf(profileUpdateBody, { email: 'a@b.jp' })).toEqual(['email:unknown_field']);
  });
});

describe('the recovery bodies', () => {
  it('ask for an e-mail address', () => {
    expect(rulesOf(emailRequestBody, { email: 'nope' })).toEqual(['email:email']);
    expect(rulesOf(emailRequestBody, {})).toEqual(['email:required']);
  });

  it('check a new password and its retype together', () => {
    expect(rulesOf(newPasswordBody, { password: 'abcdefg1', retypedPassword: 'abcdefg1' })).toEqual([]);
    expect(rulesOf(newPasswordBody, { password: 'abcdefg1', retypedPassword: '' })).toEqual([
      'retypedPassword:required',
    ]);
    expect(rulesOf(newPasswordBody, { password: 'short', retypedPassword: 'other' })).toEqual([
      'password:min_length',
      'retypedPassword:must_match',
    ]);
  });
});
