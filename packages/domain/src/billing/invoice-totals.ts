/**
 * The qualified-invoice rules (Japan's invoice system, 適格請求書): the issuer's registration number, and the
 * totals per tax rate with the tax rounded once per rate per invoice, never per line. Pure, so the server that
 * freezes an invoice and the console that shows one read the same figures.
 *
 * Readings (docs/decisions.md, "Billing: invoices"):
 * - Tax is rounded down (切り捨て), the rounding most Japanese businesses state; toward zero for a negative
 *   taxable total (a credit), so a credit never returns more tax than was charged.
 * - A line at rate 0 is outside consumption tax (late-payment interest): it is summed in its own group and takes
 *   no tax; it is not a 0 % taxable sale.
 * - Amounts are whole minor units of one currency; rates are fractions (0.1) read to a tenth of a percent.
 */

/** "T" and 13 digits: a corporation's corporate number or the number the tax office gave a sole proprietor. */
export const REGISTRATION_NUMBER_PATTERN = /^T\d{13}$/;

export function isRegistrationNumber(value: string): boolean {
  return REGISTRATION_NUMBER_PATTERN.test(value);
}

export interface TaxedLine {
  amount: number;
  /** 0.1 for the standard rate, 0.08 for the reduced one, 0 outside consumption tax. */
  tax_rate: number;
}

export interface RateTotal {
  rate: number;
  /** The sum of the rate's lines, without tax. */
  taxable: number;
  tax: number;
}

export interface InvoiceTotals {
  /** Taxed groups, highest rate first (the standard rate above the reduced one, as invoices print them). */
  tax_by_rate: RateTotal[];
  /** The sum of the lines outside consumption tax (rate 0). */
  outside_tax: number;
  /** Every line summed, without tax (taxed groups and the lines outside tax). */
  total_without_tax: number;
  tax: number;
  total_with_tax: number;
}

/** Rates are compared and multiplied as tenths of a percent, so 0.1 and 0.08 stay exact. */
const PER_MILLE = 1000;

function perMille(rate: number): number {
  if (!Number.isFinite(rate) || rate < 0 || rate >= 1) throw new RangeError(`Not a tax rate: ${rate}`);
  return Math.round(rate * PER_MILLE);
}

/** The tax of one rate's taxable total, rounded down once (toward zero for a credit). */
export function taxOf(taxable: number, rate: number): number {
  if (!Number.isSafeInteger(taxable)) throw new RangeError(`Not a whole amount: ${taxable}`);
  const product = taxable * perMille(rate);
  // Integer remainder, exact where a float division could round: the quotient truncated toward zero.
  return (product - (product % PER_MILLE)) / PER_MILLE;
}

export function invoiceTotals(lines: readonly TaxedLine[]): InvoiceTotals {
  const byRate = new Map<number, number>();
  let outside = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount)) throw new RangeError(`Not a whole amount: ${line.amount}`);
    const key = perMille(line.tax_rate);
    if (key === 0) outside += line.amount;
    else byRate.set(key, (byRate.get(key) ?? 0) + line.amount);
  }
  const tax_by_rate = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([key, taxable]) => ({ rate: key / PER_MILLE, taxable, tax: taxOf(taxable, key / PER_MILLE) }));
  const taxed = tax_by_rate.reduce((sum, r) => sum + r.taxable, 0);
  const tax = tax_by_rate.reduce((sum, r) => sum + r.tax, 0);
  const total_without_tax = taxed + outside;
  return { tax_by_rate, outside_tax: outside, total_without_tax, tax, total_with_tax: total_without_tax + tax };
}
