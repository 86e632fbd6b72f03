import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  LOCAL_TEST_CARDS,
  LOCAL_TOKEN_PREFIX,
  luhnValid,
  readLocalCardToken,
  tokeniseLocalCard,
} from './local-card.ts';

const NOW = new Date('2026-11-30T03:00:00Z');
const good = { number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2030', cvc: '123' };

describe('local card checks', () => {
  it('knows the Luhn digit and each test card passes it with its brand', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    for (const card of LOCAL_TEST_CARDS) {
      expect(luhnValid(card.number), card.number).toBe(true);
      expect(cardBrand(card.number), card.number).toBe(card.brand);
    }
    // One test card per behaviour: the table covers every outcome the gateway can give.
    expect(new Set(LOCAL_TEST_CARDS.map((c) => c.behaviour)).size).toBe(7);
  });

  it('tells the brands apart by their leading digits', () => {
    expect(cardBrand('2221000000000009')).toBe('mastercard');
    expect(cardBrand('3528000000000007')).toBe('jcb');
    expect(cardBrand('371449635398431')).toBe('amex');
    expect(cardBrand('36227206271667')).toBe('diners');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9111111111111111')).toBe('unknown');
  });

  it('answers every field error at once', () => {
    const result = tokeniseLocalCard({ number: '', exp_month: '13', exp_year: '', cvc: '12' }, NOW);
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: 'number', rule: 'required' },
        { field: 'exp_month', rule: 'format' },
        { field: 'exp_year', rule: 'required' },
        { field: 'cvc', rule: 'format' },
      ],
    });
  });

  it('refuses a wrong check digit, a wrong length, an expired date and a three-digit Amex code', () => {
    const errorsOf = (input: Partial<typeof good>) => {
      const r = tokeniseLocalCard({ ...good, ...input }, NOW);
      return r.ok ? [] : r.errors;
    };
    expect(errorsOf({ number: '4242424242424241' })).toEqual([{ field: 'number', rule: 'luhn' }]);
    expect(errorsOf({ number: '42424242424242' })).toEqual([{ field: 'number', rule: 'format' }]);
    expect(errorsOf({ number: '4242-4242-4242-424x' })).toEqual([{ field: 'number', rule: 'format' }]);
    expect(errorsOf({ exp_month: '10', exp_year: '26' })).toEqual([{ field: 'exp_year', rule: 'expired' }]);
    expect(errorsOf({ exp_year: '2090' })).toEqual([{ field: 'exp_year', rule: 'format' }]);
    expect(errorsOf({ exp_year: '202' })).toEqual([{ field: 'exp_year', rule: 'format' }]);
    expect(errorsOf({ number: '378282246310005', cvc: '123' })).toEqual([{ field: 'cvc', rule: 'format' }]);
    // The month of expiry itself is still good.
    expect(errorsOf({ exp_month: '11', exp_year: '26' })).toEqual([]);
  });

  it('makes a token without the number and reads it back', () => {
    const result = tokeniseLocalCard({ ...good, number: '4000 0000 0000 9995' }, NOW);
    if (!result.ok) throw new Error('refused');
    expect(result.token.startsWith(LOCAL_TOKEN_PREFIX)).toBe(true);
    expect(result.token).not.toContain('4000000000009995');
    expect(atob(result.token.slice(LOCAL_TOKEN_PREFIX.length).replace(/-/g, '+').replace(/_/g, '/'))).not.toMatch(
      /4000000000009995|123/,
    );
    const card = readLocalCardToken(result.token);
    expect(card).toEqual({
      brand: 'visa',
      last4: '9995',
      exp_month: 12,
      exp_year: 2030,
      behaviour: 'insufficient_balance',
      nonce: result.card.nonce,
    });
    // Two tokens of one card differ, as one-use tokens do.
    const again = tokeniseLocalCard(good, NOW);
    const other = tokeniseLocalCard(good, NOW);
    expect(again.ok && other.ok && again.token !== other.token).toBe(true);
  });

  it('reads nothing from a token that is not one', () => {
    expect(readLocalCardToken('tok_visa')).toBeNull();
    expect(readLocalCardToken(`${LOCAL_TOKEN_PREFIX}%%%`)).toBeNull();
    expect(readLocalCardToken(`${LOCAL_TOKEN_PREFIX}${btoa('[1]')}`)).toBeNull();
    const forged = btoa(JSON.stringify({ brand: 'visa', last4: '12345', exp_month: 1, exp_year: 2030 }));
    expect(readLocalCardToken(`${LOCAL_TOKEN_PREFIX}${forged}`)).toBeNull();
    const badBehaviour = btoa(
      JSON.stringify({
        brand: 'visa',
        last4: '1234',
        exp_month: 1,
        exp_year: 2030,
        behaviour: 'free',
        nonce: 'ab12cd34',
      }),
    );
    expect(readLocalCardToken(`${LOCAL_TOKEN_PREFIX}${badBehaviour}`)).toBeNull();
  });
});
