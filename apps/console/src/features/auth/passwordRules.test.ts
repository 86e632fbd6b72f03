import { parseFields } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { newPasswordFormSchema } from './authForms.ts';
import { passwordChecklist } from './passwordRules.ts';

const met = (password: string, retyped: string) =>
  Object.fromEntries(passwordChecklist(password, retyped).map((r) => [r.id, r.met]));

describe('passwordChecklist', () => {
  it('ticks each rule of the domain as it is met', () => {
    expect(met('', '')).toEqual({
      min_length: false,
      max_length: true,
      ascii_only: false,
      letters_and_digits: false,
      retype_matches: false,
    });
    expect(met('abcdefg1', 'abcdefg1')).toEqual({
      min_length: true,
      max_length: true,
      ascii_only: true,
      letters_and_digits: true,
      retype_matches: true,
    });
  });

  it('refuses accented and full-width characters, and marks letters-and-digits as advice only', () => {
    expect(met('pässwörd1', '').ascii_only).toBe(false);
    expect(met('ｐａｓｓｗｏｒｄ', '').ascii_only).toBe(false);
    const advice = passwordChecklist('correct horse battery', '').find((r) => r.id === 'letters_and_digits');
    expect(advice).toEqual({ id: 'letters_and_digits', met: false, advisory: true });
  });
});

/** The fields and rules the reset form's schema refuses, in its order. */
function newPasswordErrors(password: string, retypedPassword: string): string[][] {
  const parsed = parseFields(newPasswordFormSchema, { password, retypedPassword });
  return parsed.ok ? [] : parsed.fields.map((e) => [e.field, e.rule]);
}

describe('newPasswordFormSchema', () => {
  it('accepts a valid password typed twice', () => {
    expect(newPasswordErrors('correct horse battery', 'correct horse battery')).toEqual([]);
  });

  it('reports the password rules on the password field and the retype on its own', () => {
    expect(newPasswordErrors('short', 'shirt')).toEqual([
      ['password', 'min_length'],
      ['retypedPassword', 'must_match'],
    ]);
  });

  it('says "required" for empty fields rather than "too short" or "does not match"', () => {
    expect(newPasswordErrors('', '')).toEqual([
      ['password', 'required'],
      ['retypedPassword', 'required'],
    ]);
  });

  it('reports accented characters as ascii_only', () => {
    expect(newPasswordErrors('mötdepasse1', 'mötdepasse1')).toEqual([['password', 'ascii_only']]);
  });
});
