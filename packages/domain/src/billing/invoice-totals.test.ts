import { describe, expect, it } from 'vitest';
import { currencyMinorDigits, formatMoney } from './currency.ts';
import { invoiceTotals, isRegistrationNumber, taxOf } from './invoice-totals.ts';

describe('registration number', () => {
  it.each(['T1234567890123', 'T0000000000000'])('%s is one', (value) => {
    expect(isRegistrationNumber(value)).toBe(true);
  });

  it.each([
    '1234567890123',
    't1234567890123',
    'T123456789012',
    'T12345678901234',
    'T123456789012a',
    'T１２３４５６７８９０１２３',
    ' T1234567890123',
    'T1234567890123\n',
    '',
  ])('%j is not', (value) => {
    expect(isRegistrationNumber(value)).toBe(false);
  });
});

describe('tax rounded once per rate', () => {
  it('rounds down the sum, not each line', () => {
    // Three lines of ¥105 at 10 %: per line 10 + 10 + 10 = 30; once on ¥315 it is 31.
    const totals = invoiceTotals([105, 105, 105].map((amount) => ({ amount, tax_rate: 0.1 })));
    expect(totals.tax_by_rate).toEqual([{ rate: 0.1, taxable: 315, tax: 31 }]);
    expect(totals.tax).toBe(31);
    expect(totals.total_with_tax).toBe(346);
  });

  it('keeps each rate apart, standard rate first, and sums their taxes', () => {
    const totals = invoiceTotals([
      { amount: 1999, tax_rate: 0.08 },
      { amount: 2999, tax_rate: 0.1 },
      { amount: 1, tax_rate: 0.08 },
    ]);
    expect(totals.tax_by_rate).toEqual([
      { rate: 0.1, taxable: 2999, tax: 299 },
      { rate: 0.08, taxable: 2000, tax: 160 },
    ]);
    expect(totals.tax).toBe(459);
    expect(totals.total_without_tax).toBe(4999);
    expect(totals.total_with_tax).toBe(5458);
  });

  it('puts lines outside tax in their own group, untaxed', () => {
    const totals = invoiceTotals([
      { amount: 9800, tax_rate: 0.1 },
      { amount: 39, tax_rate: 0 },
    ]);
    expect(totals.tax_by_rate).toEqual([{ rate: 0.1, taxable: 9800, tax: 980 }]);
    expect(totals.outside_tax).toBe(39);
    expect(totals.total_without_tax).toBe(9839);
    expect(totals.total_with_tax).toBe(10819);
  });

  it('rounds a credit toward zero', () => {
    expect(taxOf(-1005, 0.1)).toBe(-100);
    expect(taxOf(1009, 0.1)).toBe(100);
    expect(taxOf(0, 0.1)).toBe(0);
  });

  it('is exact where floating point is not (0.1 and 0.08 of large sums)', () => {
    expect(taxOf(99_999_999, 0.1)).toBe(9_999_999);
    expect(taxOf(12_500, 0.08)).toBe(1000);
    expect(taxOf(1_000_000_000_000, 0.1)).toBe(100_000_000_000);
  });

  it('an invoice of nothing (the free plan) is all zeros', () => {
    expect(invoiceTotals([{ amount: 0, tax_rate: 0.1 }])).toEqual({
      tax_by_rate: [{ rate: 0.1, taxable: 0, tax: 0 }],
      outside_tax: 0,
      total_without_tax: 0,
      tax: 0,
      total_with_tax: 0,
    });
    expect(invoiceTotals([]).total_with_tax).toBe(0);
  });

  it('refuses what is not a whole amount or a rate', () => {
    expect(() => invoiceTotals([{ amount: 1.5, tax_rate: 0.1 }])).toThrow(RangeError);
    expect(() => invoiceTotals([{ amount: 1, tax_rate: -0.1 }])).toThrow(RangeError);
    expect(() => invoiceTotals([{ amount: 1, tax_rate: Number.NaN }])).toThrow(RangeError);
  });
});

describe("currencies' minor units", () => {
  it('yen and won have none; dollars, euros and yuan have cents', () => {
    expect(currencyMinorDigits('jpy')).toBe(0);
    expect(currencyMinorDigits('krw')).toBe(0);
    expect(currencyMinorDigits('usd')).toBe(2);
    expect(currencyMinorDigits('eur')).toBe(2);
    expect(currencyMinorDigits('cny')).toBe(2);
  });

  it('shows an amount in its currency without inventing decimals', () => {
    expect(formatMoney(10_780, 'jpy', 'ja')).toBe('￥10,780');
    expect(formatMoney(1234, 'usd', 'en')).toBe('$12.34');
    expect(formatMoney(1234, 'eur', 'fr')).toMatch(/^12,34\s€$/);
    expect(formatMoney(1200, 'krw', 'en')).toBe('₩1,200');
  });
});
