import type { PlanFormCurrency } from '../constants.ts';

/**
 * Digits after the decimal point of each currency's minor unit, as ISO 4217 and the card gateways count them:
 * an amount of 1234 is ¥1,234 and ₩1,234 but $12.34, €12.34 and ¥12.34 (yuan).
 */
const MINOR_DIGITS: Record<PlanFormCurrency, number> = { jpy: 0, krw: 0, usd: 2, eur: 2, cny: 2 };

export function currencyMinorDigits(currency: PlanFormCurrency): number {
  return MINOR_DIGITS[currency];
}

/** A whole number of minor units shown as money in a locale: `formatMinorAmount(1234, 'usd', 'en')` is "$12.34". */
export function formatMinorAmount(amount: number, currency: PlanFormCurrency, locale: string): string {
  const digits = currencyMinorDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}
