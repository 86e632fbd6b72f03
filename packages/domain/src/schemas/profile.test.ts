import { describe, expect, it } from 'vitest';
import { emailRequestBody, newPasswordBody } from './account.ts';
import { parseFields } from './field-errors.ts';
import { fieldRulesOf } from './field-rules.fixture.ts';
import { profileUpdateBody } from './profile.ts';

describe('the own profile', () => {
  it('changes only the names and phone sent, under the one phone rule', () => {
    expect(parseFields(profileUpdateBody, { name: ' Aoi ', phone: '' })).toEqual({
      ok: true,
      data: { name: 'Aoi', phone: '' },
    });
    expect(fieldRulesOf(profileUpdateBody, { name: '', phone: '12' })).toEqual(['name:required', 'phone:format']);
    expect(fieldRulesOf(profileUpdateBody, { display_name: 'x'.repeat(101) })).toEqual(['display_name:max_length']);
    expect(fieldRulesOf(profileUpdateBody, { email: 'a@b.jp' })).toEqual(['email:unknown_field']);
  });
});

describe('the recovery bodies', () => {
  it('ask for an e-mail address', () => {
    expect(fieldRulesOf(emailRequestBody, { email: 'nope' })).toEqual(['email:email']);
    expect(fieldRulesOf(emailRequestBody, {})).toEqual(['email:required']);
  });

  it('check a new password and its retype together', () => {
    expect(fieldRulesOf(newPasswordBody, { password: 'abcdefg1', retypedPassword: 'abcdefg1' })).toEqual([]);
    expect(fieldRulesOf(newPasswordBody, { password: 'abcdefg1', retypedPassword: '' })).toEqual([
      'retypedPassword:required',
    ]);
    expect(fieldRulesOf(newPasswordBody, { password: 'short', retypedPassword: 'other' })).toEqual([
      'password:min_length',
      'retypedPassword:must_match',
    ]);
  });
});
