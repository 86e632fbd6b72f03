import { formatMoney, type PlanFormCurrency, periodLastDay } from '@spinyard/domain';

/** An amount in whole minor units shown in its currency (yen without decimals, dollars with cents). */
export const money = (amount: number, currency: PlanFormCurrency | null, locale: string) =>
  currency ? formatMoney(amount, currency, locale) : String(amount);

/** A day in Japan time, the calendar invoices are dated and filed by. */
export function japanDate(iso: string | null, locale: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Asia/Tokyo' }).format(new Date(iso));
}

/** A period to its last day included (its end is the instant the next one starts), as the PDF and CSV say it. */
export function periodText(start: string | null, end: string | null, locale: string): string {
  if (!start || !end) return '';
  return `${japanDate(start, locale)} – ${japanDate(periodLastDay(new Date(end)).toISOString(), locale)}`;
}

/** A YYYY-MM month, or nothing: what the month inputs give while being typed is passed on only once whole. */
export const wholeMonth = (value: string) => (/^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : undefined);
