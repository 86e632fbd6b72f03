import { parseFields } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { type EntryValues, entryBody, entryFormSchema } from './userEntry.ts';

const VALID: EntryValues = {
  company_name: ' Spin Motors ',
  name: 'Aiko Sato',
  email: ' Aiko@Example.com ',
  password: 'secret123',
  retypedPassword: 'secret123',
  phone: '',
  accept_terms: true,
};

const rules = (values: EntryValues) => {
  const parsed = parseFields(entryFormSchema, values);
  return parsed.ok ? [] : parsed.fields.map((e) => `${e.field}:${e.rule}`);
};

describe('entryFormSchema', () => {
  it('accepts a complete form', () => {
    expect(rules(VALID)).toEqual([]);
  });

  it('asks for the terms to be accepted', () => {
    expect(rules({ ...VALID, accept_terms: false })).toEqual(['accept_terms:required']);
  });

  it('refuses each field by its rule', () => {
    expect(
      rules({
        company_name: ' ',
        name: 'x'.repeat(101),
        email: 'not an address',
        password: 'short',
        retypedPassword: 'other',
        phone: '03 1234',
        accept_terms: false,
      }).sort(),
    ).toEqual(
      [
        'company_name:required',
        'name:max_length',
        'email:email',
        'password:min_length',
        'retypedPassword:must_match',
        'phone:format',
        'accept_terms:required',
      ].sort(),
    );
  });

  it('asks for the retype when it is empty', () => {
    expect(rules({ ...VALID, retypedPassword: '' })).toEqual(['retypedPassword:required']);
  });

  it('takes a phone number with hyphens and a leading +', () => {
    expect(rules({ ...VALID, phone: '+81-3-1234-5678' })).toEqual([]);
    expect(rules({ ...VALID, phone: '1'.repeat(21) })).toEqual(['phone:max_length']);
  });
});

describe('entryBody', () => {
  const body = (values: EntryValues) => {
    const parsed = entryFormSchema.parse(values);
    return entryBody(parsed);
  };

  it('trims the texts, lower-cases the address, drops the retype and an empty phone', () => {
    expect(body(VALID)).toEqual({
      company_name: 'Spin Motors',
      name: 'Aiko Sato',
      email: 'aiko@example.com',
      password: 'secret123',
      accept_terms: true,
    });
  });

  it('sends a phone number that was given, trimmed', () => {
    expect(body({ ...VALID, phone: ' 03-1234-5678 ' }).phone).toBe('03-1234-5678');
  });
});
