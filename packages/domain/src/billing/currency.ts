import type { PlanFormCurrency } from '../constants.ts';
import type { FieldRule } from '../schemas/field-errors.ts';

/**
 * Money as the card gateways count it: a whole number of the currency's minor unit (yen and won have none, so
 * 1,000 yen is 1000; dollars, euros and yuan have cents, so 9.99 dollars is 999). People type and read the major
 * unit, so the conversions here work on the decimal text, never through a float (0.1 + 0.2 is not 0.3, and
 * 19.99 * 100 is 1998.9999999999998).
 */
export const CURRENCY_MINOR_DIGITS: Readonly<Record<PlanFormCurrency, number>> = {
  jpy: 0,
  krw: 0,
  usd: 2,
  eur: 2,
  cny: 2,
};

export function currencyMinorDigits(currency: PlanFormCurrency): number {
  return CURRENCY_MINOR_DIGITS[currency];
}

/** Why a typed amount was refused, as a field rule (`minor_unit`: more decimals than the currency has). */
export type AmountRefusal = Extract<FieldRule, 'required' | 'format' | 'range' | 'minor_unit'>;
export type MinorResult = { ok: true; minor: number } | { ok: false; rule: AmountRefusal };

// A whole part either plain or grouped by commas in threes (1000, 1,000), then an optional decimal point. A comma
// anywhere else is refused rather than guessed: "9,99" is 9.99 to a French reader and 999 to a Japanese one.
const AMOUNT_TEXT = /^(-?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/;

/**
 * The minor units of an amount typed in the major unit ("1,000", "9.99", full-width "１０００"), or why not:
 * empty is `required`; a minus sign, letters or a misplaced comma `format` (a negative amount is `range`); more
 * decimals than the currency has `minor_unit` (a fractional yen, 9.999 dollars); more than `max` minor units
 * `range`. Trailing zeros of the fraction are not decimals (1000.00 yen is 1000).
 */
export function majorToMinor(text: string, currency: PlanFormCurrency, max = Number.MAX_SAFE_INTEGER): MinorResult {
  // NFKC makes full-width digits and signs half-width (what a Japanese IME types); other scripts' digits stay and
  // are refused by the pattern.
  const typed = text.normalize('NFKC').replace(/\s+/g, '');
  if (typed === '') return { ok: false, rule: 'required' };
  const match = AMOUNT_TEXT.exec(typed);
  if (!match) return { ok: false, rule: 'format' };
  const [, sign, whole = '', fraction = ''] = match;
  const digits = currencyMinorDigits(currency);
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > digits) return { ok: false, rule: 'minor_unit' };
  const minorText = `${whole.replaceAll(',', '')}${significant.padEnd(digits, '0')}`;
  const minor = BigInt(minorText);
  if (sign === '-' && minor !== 0n) return { ok: false, rule: 'range' };
  if (minor > BigInt(max)) return { ok: false, rule: 'range' };
  return { ok: true, minor: Number(minor) };
}

/** The exact decimal text of a minor-unit amount in the major unit ("9.99", "1000"), as a form shows it to edit. */
export function minorToMajorText(minor: number, currency: PlanFormCurrency): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not a whole number of minor units: ${minor}`);
  const digits = currencyMinorDigits(currency);
  const negative = minor < 0;
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = digits === 0 ? text : text.slice(0, -digits);
  const fraction = digits === 0 ? '' : `.${text.slice(-digits)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * A minor-unit amount written for a reader in their locale: "￥1,000", "$9.99", "9,99 €". The decimal text is
 * given to Intl as a string, which it reads exactly, so no amount is rounded on the way.
 */
export function formatMoney(minor: number, currency: PlanFormCurrency, locale: string): string {
  const digits = currencyMinorDigits(currency);
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return format.format(minorToMajorText(minor, currency) as `${number}`);
}
