import { describe, expect, it } from 'vitest';
import { parseFields } from './field-errors.ts';
import { isTel, phoneSchema } from './phone.ts';

const rulesOf = (value: unknown) => {
  const r = parseFields(phoneSchema, value);
  return r.ok ? [] : r.fields.map((f) => f.rule);
};

describe('the one phone rule', () => {
  it('takes 6 to 20 half-width digits with single hyphens and an optional leading +', () => {
    expect(isTel('03-1234-5678')).toBe(true);
    expect(isTel('+81-90-1234-5678')).toBe(true);
    expect(isTel('123456')).toBe(true);
    expect(isTel('12345')).toBe(false);
    expect(isTel('1'.repeat(21))).toBe(false);
    expect(isTel('03--1234')).toBe(false);
    expect(isTel('-031234')).toBe(false);
    expect(isTel('031234-')).toBe(false);
    expect(isTel('03 1234 5678')).toBe(false);
    expect(isTel('０３１２３４５６')).toBe(false);
  });

  it('trims, lets an empty value mean "no number" and names the broken rule', () => {
    expect(parseFields(phoneSchema, ' 03-1234-5678 ')).toEqual({ ok: true, data: '03-1234-5678' });
    expect(rulesOf('')).toEqual([]);
    expect(rulesOf('12345')).toEqual(['format']);
    expect(rulesOf('1'.repeat(21))).toEqual(['max_length']);
    expect(rulesOf(312345678)).toEqual(['format']);
  });
});
