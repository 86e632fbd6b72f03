/** Date and time in the user's language, short (2025/01/31 14:05 in Japanese). '' for a missing value. */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/** A day in the user's language, long (2026年12月25日, 25 December 2026), in Japan's time zone (the service's). */
export function formatLongDate(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Asia/Tokyo' }).format(date);
}

/**
 * Today's date in Japan (the service's time zone, in which the server reads every date range), as a Date whose
 * local year, month and day are Japan's: a browser set to another zone would otherwise offer yesterday or tomorrow.
 */
export function todayInJapan(now: Date = new Date()): Date {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(now).split('-').map(Number);
  return new Date(y ?? now.getFullYear(), (m ?? now.getMonth() + 1) - 1, d ?? now.getDate());
}
