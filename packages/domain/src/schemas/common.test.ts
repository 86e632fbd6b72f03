import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idSchema } from './common.ts';
import { parseFields } from './field-errors.ts';

describe('idSchema: a positive whole number that fits PostgreSQL bigint', () => {
  it.each(['1', '42', '987654321', '9223372036854775807'])('accepts %s', (id) => {
    expect(idSchema.safeParse(id).success).toBe(true);
  });

  it.each([
    '0',
    '-1',
    '01',
    '1.5',
    '1e3',
    ' 1',
    'abc',
    '',
    '9223372036854775808',
    '9999999999999999999',
    '12345678901234567890',
  ])('refuses %j as a format error', (id) => {
    expect(parseFields(z.object({ id: idSchema }), { id })).toEqual({
      ok: false,
      fields: [expect.objectContaining({ field: 'id', rule: 'format' })],
    });
  });

  it('refuses a number: ids travel as strings', () => {
    expect(idSchema.safeParse(1).success).toBe(false);
  });
});
