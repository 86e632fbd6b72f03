/**
 * Formatters kept per locale and style: building an Intl.DateTimeFormat loads locale data and costs far more than
 * formatting (a list of 100 vehicles made 300 of them, 60 ms of a phone's main thread on one load).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

const SHORT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
};

/** Date and time in the user's language, short (2025/01/31 14:05 in Japanese). '' for a missing value. */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(locale, 'short', SHORT).format(date);
}

/** A day in the user's language, long (2026年12月25日, 25 December 2026), in Japan's time zone (the service's). */
export function formatLongDate(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(locale, 'long', { dateStyle: 'long', timeZone: 'Asia/Tokyo' }).format(date);
}

/**
 * Today's date in Japan (the service's time zone, in which the server reads every date range), as a Date whose
 * local year, month and day are Japan's: a browser set to another zone would otherwise offer yesterday or tomorrow.
 */
export function todayInJapan(now: Date = new Date()): Date {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(now).split('-').map(Number);
  return new Date(y ?? now.getFullYear(), (m ?? now.getMonth() + 1) - 1, d ?? now.getDate());
}

/**
 * A day written YYYY-MM-DD (a date input's value, the domain's date fields) as the user's language writes it, short
 * (2026/12/25 in Japanese, 12/25/2026 in English, 25/12/2026 in French). '' for an empty or unreadable value.
 */
/** A month input's value (YYYY-MM) as the console's language writes a month: 2026/11, 11/2026; '' when not one. */
export function formatMonth(month: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return '';
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  if (Number.isNaN(date.getTime())) return '';
  return formatter(locale, 'month', { year: 'numeric', month: '2-digit', timeZone: 'UTC' }).format(date);
}

export function formatDay(day: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '';
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return '';
  return formatter(locale, 'day', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(date);
}
