import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { statusOf } from '../errors.ts';
import { FIELD_RULE_MESSAGES, FIELD_RULES, fieldErrorsOf, parseFields, ruleIssue } from './field-errors.ts';

describe('fieldErrorsOf: built-in issues map to stable rules', () => {
  const schema = z
    .object({
      name: z.string().trim().min(1),
      code: z.string().min(4).max(4),
      mail: z.email(),
      kind: z.enum(['a', 'b']),
      count: z.int().min(0).max(9),
      tags: z.array(z.string()).max(2),
      nested: z.object({ deep: z.string() }),
      custom: z.string().refine((v) => v === 'ok', ruleIssue('must_match', 'Must be ok.')),
      unnamed: z.string().refine((v) => v === 'ok', { error: 'Not ok.' }),
    })
    .strict();

  it.each<[string, Record<string, unknown>, { field: string; rule: string }]>([
    ['missing string', { name: undefined }, { field: 'name', rule: 'required' }],
    ['null string', { name: null }, { field: 'name', rule: 'required' }],
    ['blank string', { name: '  ' }, { field: 'name', rule: 'required' }],
    ['too short', { code: 'abc' }, { field: 'code', rule: 'min_length' }],
    ['too long', { code: 'abcde' }, { field: 'code', rule: 'max_length' }],
    ['bad e-mail', { mail: 'x' }, { field: 'mail', rule: 'email' }],
    ['not an option', { kind: 'c' }, { field: 'kind', rule: 'one_of' }],
    ['missing option', { kind: undefined }, { field: 'kind', rule: 'required' }],
    ['fractional', { count: 1.5 }, { field: 'count', rule: 'integer' }],
    ['out of range', { count: 10 }, { field: 'count', rule: 'range' }],
    ['past the safe range and the max: said once', { count: 1e20 }, { field: 'count', rule: 'range' }],
    ['wrong type', { count: 'x' }, { field: 'count', rule: 'format' }],
    ['list too long', { tags: ['a', 'b', 'c'] }, { field: 'tags', rule: 'max_length' }],
    ['nested path', { nested: { deep: 1 } }, { field: 'nested.deep', rule: 'format' }],
    ['custom with a rule', { custom: 'no' }, { field: 'custom', rule: 'must_match' }],
    ['custom without a rule', { unnamed: 'no' }, { field: 'unnamed', rule: 'format' }],
    ['unknown key', { extra: 1 }, { field: 'extra', rule: 'unknown_field' }],
  ])('%s', (_name, patch, expected) => {
    const valid = {
      name: 'n',
      code: 'abcd',
      mail: 'a@b.jp',
      kind: 'a',
      count: 1,
      tags: [],
      nested: { deep: 'x' },
      custom: 'ok',
      unnamed: 'ok',
    };
    const r = parseFields(schema, { ...valid, ...patch });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.fields).toHaveLength(1);
      expect(r.fields[0]).toMatchObject(expected);
      expect(r.fields[0]?.message).toMatch(/\.$/);
    }
  });

  it('a missing value reads "required" with the required message', () => {
    const r = parseFields(z.object({ a: z.string() }), {});
    expect(r).toEqual({ ok: false, fields: [{ field: 'a', rule: 'required', message: FIELD_RULE_MESSAGES.required }] });
  });

  it('an issue on the whole body has the empty field name', () => {
    const r = z.string().safeParse(1);
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrorsOf(r.error, 1)[0]).toMatchObject({ field: '', rule: 'format' });
  });

  it('parseFields answers the data when valid', () => {
    expect(parseFields(z.object({ a: z.string().trim() }), { a: ' x ' })).toEqual({ ok: true, data: { a: 'x' } });
  });

  it('every rule has an English message', () => {
    for (const r of FIELD_RULES) expect(FIELD_RULE_MESSAGES[r]).toMatch(/^[A-Z].*\.$/);
  });
});

describe('error codes added for accounts, roles and CSV', () => {
  it.each([
    ['user_management_disabled', 403],
    ['self_action_not_allowed', 403],
    ['privilege_change_not_allowed', 409],
    ['privilege_change_parent_required', 422],
    ['privilege_change_invalid_parent', 422],
    ['csv_duplicate_email', 422],
    ['csv_email_already_registered', 422],
  ] as const)('%s answers %i', (code, status) => {
    expect(statusOf(code)).toBe(status);
  });
});
