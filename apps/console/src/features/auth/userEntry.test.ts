import { describe, expect, it } from 'vitest';
import { type EntryValues, entryBody, entryErrors } from './userEntry.ts';

const VALID: EntryValues = {
  companyName: ' Spin Motors ',
  name: 'Aiko Sato',
  email: ' Aiko@Example.com ',
  password: 'secret123',
  retyped: 'secret123',
  phone: '',
  acceptTerms: true,
};

const rules = (values: EntryValues) => entryErrors(values).map((e) => `${e.field}:${e.rule}`);

describe('entryErrors', () => {
  it('accepts a complete form', () => {
    expect(entryErrors(VALID)).toEqual([]);
  });

  it('asks for the terms to be accepted', () => {
    expect(rules({ ...VALID, acceptTerms: false })).toEqual(['accept_terms:required']);
  });

  it('refuses each field by its rule, in the order of the form', () => {
    expect(
      rules({
        companyName: ' ',
        name: 'x'.repeat(101),
        email: 'not an address',
        password: 'short',
        retyped: 'other',
        phone: '03 1234',
        acceptTerms: false,
      }),
    ).toEqual([
      'company_name:required',
      'name:max_length',
      'email:email',
      'password:min_length',
      'retypedPassword:must_match',
      'phone:format',
      'accept_terms:required',
    ]);
  });

  it('takes a phone number with hyphens and a leading +', () => {
    expect(entryErrors({ ...VALID, phone: '+81-3-1234-5678' })).toEqual([]);
    expect(rules({ ...VALID, phone: '1'.repeat(21) })).toEqual(['phone:max_length']);
  });
});

describe('entryBody', () => {
  it('trims, lower-cases the address and leaves out an empty phone', () => {
    expect(entryBody(VALID)).toEqual({
      company_name: 'Spin Motors',
      name: 'Aiko Sato',
      email: 'aiko@example.com',
      password: 'secret123',
      accept_terms: true,
    });
    expect(entryBody({ ...VALID, phone: ' 03-1234 ' }).phone).toBe('03-1234');
  });
});
