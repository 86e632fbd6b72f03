import { describe, expect, it } from 'vitest';
import { csvRowsOf, isUserSort, subordinateQuery } from './users.ts';

describe('users API helpers', () => {
  it('leaves empty filters out of the list query', () => {
    expect(subordinateQuery({ page: 2, limit: 30, q: '  ', sort: 'name_asc', privilegeType: '', status: '' })).toEqual({
      page: 2,
      limit: 30,
      sort: 'name_asc',
      q: undefined,
      privilege_type: undefined,
      status: undefined,
      parent_user_id: undefined,
    });
    expect(
      subordinateQuery({
        page: 1,
        limit: 10,
        q: ' taro ',
        sort: 'created_desc',
        privilegeType: 'admin',
        status: 'inactive',
      }),
    ).toMatchObject({ q: 'taro', privilege_type: 'admin', status: 'inactive' });
  });

  it('knows the sorts of the server', () => {
    expect(isUserSort('email_desc')).toBe(true);
    expect(isUserSort('random')).toBe(false);
  });

  it('reads the refused rows of a csv_invalid answer', () => {
    const body = {
      error: {
        code: 'csv_invalid',
        user_message: 'x',
        rows: [
          { row: 2, code: 'csv_invalid_email', field: 'email', message: 'bad' },
          { row: null, code: 'csv_registration_limit_exceeded', message: 'limit' },
          'junk',
        ],
      },
    };
    expect(csvRowsOf(body)).toHaveLength(2);
    expect(csvRowsOf({ error: { code: 'csv_not_utf8' } })).toEqual([]);
    expect(csvRowsOf(null)).toEqual([]);
  });
});
