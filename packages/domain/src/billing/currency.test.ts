import { describe, expect, it } from 'vitest';
import { PLAN_AMOUNT_MAX } from '../schemas/billing.ts';
import { currencyMinorDigits, formatMoney, majorToMinor, minorToMajorText } from './currency.ts';

describe('currency minor units', () => {
  it('knows each currency’s decimals', () => {
    expect(['jpy', 'krw', 'usd', 'eur', 'cny'].map((c) => currencyMinorDigits(c as 'jpy'))).toEqual([0, 0, 2, 2, 2]);
  });

  it('reads an amount as people type it, without float error', () => {
    expect(majorToMinor('1,000', 'jpy')).toEqual({ ok: true, minor: 1000 });
    expect(majorToMinor('１０００', 'jpy')).toEqual({ ok: true, minor: 1000 });
    expect(majorToMinor(' 1000.00 ', 'krw')).toEqual({ ok: true, minor: 1000 });
    expect(majorToMinor('9.99', 'usd')).toEqual({ ok: true, minor: 999 });
    // 19.99 * 100 is 1998.9999999999998 in floating point; 0.29 * 100 is 28.999999999999996.
    expect(majorToMinor('19.99', 'eur')).toEqual({ ok: true, minor: 1999 });
    expect(majorToMinor('0.29', 'cny')).toEqual({ ok: true, minor: 29 });
    expect(majorToMinor('1,234,567.5', 'usd')).toEqual({ ok: true, minor: 123456750 });
    expect(majorToMinor('12.', 'usd')).toEqual({ ok: true, minor: 1200 });
    expect(majorToMinor('0', 'jpy')).toEqual({ ok: true, minor: 0 });
    expect(majorToMinor('-0', 'jpy')).toEqual({ ok: true, minor: 0 });
  });

  it('refuses what is not an amount of the currency, naming the rule', () => {
    const rule = (text: string, currency: 'jpy' | 'usd' | 'krw', max?: number) => {
      const r = majorToMinor(text, currency, max);
      return r.ok ? 'ok' : r.rule;
    };
    expect(rule('', 'jpy')).toBe('required');
    expect(rule('   ', 'jpy')).toBe('required');
    expect(rule('1000.5', 'jpy')).toBe('minor_unit');
    expect(rule('10.1', 'krw')).toBe('minor_unit');
    expect(rule('9.999', 'usd')).toBe('minor_unit');
    expect(rule('-1', 'jpy')).toBe('range');
    expect(rule('-0.01', 'usd')).toBe('range');
    expect(rule('9,99', 'usd')).toBe('format');
    expect(rule('1,00', 'jpy')).toBe('format');
    expect(rule('1e3', 'jpy')).toBe('format');
    expect(rule('abc', 'jpy')).toBe('format');
    expect(rule('١٢٣', 'jpy')).toBe('format');
    expect(rule('.5', 'usd')).toBe('format');
    expect(rule('Infinity', 'usd')).toBe('format');
    expect(rule('100000000', 'jpy', PLAN_AMOUNT_MAX)).toBe('range');
    expect(rule('999999.99', 'usd', PLAN_AMOUNT_MAX)).toBe('ok');
    expect(rule('1000000.00', 'usd', PLAN_AMOUNT_MAX)).toBe('range');
    expect(rule('9'.repeat(400), 'jpy')).toBe('range');
  });

  it('writes minor units back as the exact decimal text', () => {
    expect(minorToMajorText(999, 'usd')).toBe('9.99');
    expect(minorToMajorText(5, 'eur')).toBe('0.05');
    expect(minorToMajorText(0, 'usd')).toBe('0.00');
    expect(minorToMajorText(1000, 'jpy')).toBe('1000');
    expect(minorToMajorText(-150, 'cny')).toBe('-1.50');
    for (const minor of [0, 1, 29, 1999, 99_999_999]) {
      const text = minorToMajorText(minor, 'usd');
      expect(majorToMinor(text, 'usd')).toEqual({ ok: true, minor });
    }
    expect(() => minorToMajorText(1.5, 'jpy')).toThrow(RangeError);
  });

  it('formats in the reader’s locale', () => {
    expect(formatMoney(1000, 'jpy', 'ja')).toMatch(/^[￥¥]1,000$/);
    expect(formatMoney(999, 'usd', 'en')).toBe('$9.99');
    expect(formatMoney(999, 'eur', 'fr')).toMatch(/^9,99\s€$/);
    expect(formatMoney(123456, 'krw', 'en')).toBe('₩123,456');
    expect(formatMoney(99_999_999, 'usd', 'en')).toBe('$999,999.99');
    expect(formatMoney(150, 'cny', 'pt')).toMatch(/1,50/);
  });
});
