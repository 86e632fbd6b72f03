import { describe, expect, it } from 'vitest';
import { parseFields } from '../schemas/field-errors.ts';
import { fieldRulesOf } from '../schemas/field-rules.fixture.ts';
import { NEW_PLAN_VALUES, type PlanFormValues, planFormSchema, planFormValuesOf } from './plan-form.ts';

const form = (values: Partial<PlanFormValues>) => ({
  ...NEW_PLAN_VALUES,
  id: 'basic',
  name: 'Basic',
  amount: '1000',
  ...values,
});
const refused = (values: Partial<PlanFormValues>) => fieldRulesOf(planFormSchema, form(values));

describe('plan form', () => {
  it('reads the amount in the major unit into minor units, and an empty limit as unlimited', () => {
    expect(parseFields(planFormSchema, form({ amount: '1,000', vehicle_limit: '' }))).toMatchObject({
      ok: true,
      data: { amount: 1000, currency: 'jpy', vehicle_limit: null },
    });
    expect(parseFields(planFormSchema, form({ amount: '9.99', currency: 'usd', vehicle_limit: '２０' }))).toMatchObject(
      { ok: true, data: { amount: 999, vehicle_limit: 20 } },
    );
  });

  it('refuses on the field: negative, fractional yen or won, too many decimals, too large', () => {
    expect(refused({ amount: '-100' })).toEqual(['amount:range']);
    expect(refused({ amount: '1000.5' })).toEqual(['amount:minor_unit']);
    expect(refused({ amount: '10.5', currency: 'krw' })).toEqual(['amount:minor_unit']);
    expect(refused({ amount: '9.999', currency: 'eur' })).toEqual(['amount:minor_unit']);
    expect(refused({ amount: '100000000' })).toEqual(['amount:range']);
    expect(refused({ amount: '' })).toEqual(['amount:required']);
    expect(refused({ vehicle_limit: '1.5' })).toEqual(['vehicle_limit:integer']);
    expect(refused({ vehicle_limit: '9999999' })).toEqual(['vehicle_limit:range']);
  });

  it('names every wrong field at once', () => {
    expect(refused({ id: 'a-b', amount: '1.555', currency: 'gbp' as 'jpy' }).sort()).toEqual(
      ['amount:minor_unit', 'currency:one_of', 'id:alphanumeric'].sort(),
    );
  });

  it('shows a stored plan exactly as it was typed', () => {
    const stored = {
      ...form({}),
      amount: 1999,
      currency: 'usd' as const,
      vehicle_limit: null,
      subscriber_count: 0,
      created_at: '',
      updated_at: '',
    };
    const values = planFormValuesOf(stored);
    expect(values).toMatchObject({ amount: '19.99', vehicle_limit: '' });
    expect(parseFields(planFormSchema, values)).toMatchObject({
      ok: true,
      data: { amount: 1999, vehicle_limit: null },
    });
  });
});
