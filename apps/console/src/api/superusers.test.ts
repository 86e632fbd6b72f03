import { describe, expect, it } from 'vitest';
import { type SuperuserFormValues, superuserFieldErrors, superuserUpdateOf } from './superusers.ts';

const initial: SuperuserFormValues = {
  name: 'Aoi',
  email: 'aoi@example.com',
  phone: '',
  car_limit: '10',
  is_pay_by_credit: false,
  login_limit_count: '',
  two_step_forced: false,
};

describe('superuserUpdateOf', () => {
  it('sends only the fields that changed', () => {
    expect(superuserUpdateOf(initial, initial)).toEqual({ ok: true, body: {} });
    const result = superuserUpdateOf(initial, {
      ...initial,
      name: ' Aoi Sato ',
      car_limit: '',
      login_limit_count: '3',
      two_step_forced: true,
    });
    expect(result).toEqual({
      ok: true,
      body: { name: 'Aoi Sato', car_limit: null, login_limit_count: 3, two_step_forced: true },
    });
  });

  it('refuses empty required fields and numbers out of range', () => {
    const result = superuserUpdateOf(initial, { ...initial, name: ' ', car_limit: '-1', login_limit_count: '101' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fields.map((f) => f.field)).toEqual(['name', 'car_limit', 'login_limit_count']);
  });
});

describe('superuserFieldErrors', () => {
  it('keeps 422 fields and puts a 409 duplicate under the e-mail', () => {
    const fields = [{ field: 'phone', rule: 'format', message: 'x' }];
    expect(superuserFieldErrors('validation_failed', fields)).toEqual(fields);
    expect(superuserFieldErrors('email_already_registered', [])).toEqual([
      expect.objectContaining({ field: 'email', rule: 'email_already_registered' }),
    ]);
    expect(superuserFieldErrors('forbidden', [])).toEqual([]);
  });
});
