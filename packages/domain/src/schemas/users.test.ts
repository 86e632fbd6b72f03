import { describe, expect, it } from 'vitest';
import { parseFields } from './field-errors.ts';
import { fieldRulesOf } from './field-rules.fixture.ts';
import { idParams } from './params.ts';
import { isUserSort, subordinateCreateBody, subordinateUpdateBody, userListQuery } from './users.ts';

const VALID = { email: 'a@example.com', password: 'abcdefg1', privilege_type: 'normal', name: 'Ann' };

describe('ids', () => {
  it('are positive whole numbers within PostgreSQL bigint', () => {
    expect(fieldRulesOf(idParams, { id: '1' })).toEqual([]);
    expect(fieldRulesOf(idParams, { id: '9223372036854775807' })).toEqual([]);
    for (const id of ['9223372036854775808', '9999999999999999999', '0', '007', '-1', '1.5', 'x', '']) {
      expect(fieldRulesOf(idParams, { id }), id).toEqual(['id:format']);
    }
  });
});

describe('the subordinate bodies', () => {
  it('accept a minimal new user and normalise the e-mail', () => {
    const r = parseFields(subordinateCreateBody, { ...VALID, email: ' A@Example.com ' });
    expect(r.ok && r.data.email).toBe('a@example.com');
  });

  it('name every broken rule on the API field names', () => {
    expect(
      fieldRulesOf(subordinateCreateBody, {
        ...VALID,
        privilege_type: undefined,
        name: ' ',
        phone: '12345',
        car_limit: -5,
        login_limit_count: 101,
        parent_user_id: '99999999999999999999',
        nickname: 'x',
      }),
    ).toEqual([
      'privilege_type:required',
      'name:required',
      'parent_user_id:format',
      'phone:format',
      'car_limit:range',
      'login_limit_count:range',
      'nickname:unknown_field',
    ]);
    expect(fieldRulesOf(subordinateCreateBody, { ...VALID, privilege_type: 'super' })).toEqual([
      'privilege_type:one_of',
    ]);
    expect(fieldRulesOf(subordinateCreateBody, { ...VALID, car_limit: 1.5 })).toEqual(['car_limit:integer']);
    expect(fieldRulesOf(subordinateCreateBody, { ...VALID, car_limit: 1_000_000, car_limit_x: 1 })).toEqual([
      'car_limit_x:unknown_field',
    ]);
  });

  it('make every field of an edit optional, but keep its rules', () => {
    expect(fieldRulesOf(subordinateUpdateBody, {})).toEqual([]);
    expect(fieldRulesOf(subordinateUpdateBody, { name: '', email: 'nope' })).toEqual(['email:email', 'name:required']);
    expect(fieldRulesOf(subordinateUpdateBody, { privilege_type: 'admin' })).toEqual(['privilege_type:unknown_field']);
  });
});

describe('the user list query', () => {
  it('sorts by a known order and bounds the search word', () => {
    expect(isUserSort('name_asc')).toBe(true);
    expect(isUserSort('password_asc')).toBe(false);
    expect(fieldRulesOf(userListQuery, { sort: 'password_asc' })).toEqual(['sort:one_of']);
    expect(fieldRulesOf(userListQuery, { q: 'x'.repeat(101) })).toEqual(['q:max_length']);
    const r = parseFields(userListQuery, {});
    expect(r.ok && r.data.sort).toBe('created_desc');
  });
});
