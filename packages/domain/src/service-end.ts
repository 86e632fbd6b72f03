import { CANCELLATION_NOTICE_MONTHS } from './constants.ts';

/** `date` moved by whole calendar months (UTC), the day clamped to the month's last day (31 Jan + 1 = 28/29 Feb). */
export function addMonthsUtc(date: Date, months: number, day = date.getUTCDate()): Date {
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** Japan's offset from UTC: nine hours all year (Japan keeps no summer time). */
export const JAPAN_OFFSET_MS = 9 * 3_600_000;

/**
 * `date` moved by whole calendar months of Japan's calendar, the day clamped as in `addMonthsUtc`. The billing
 * calendar counts in Japan's days: a dealer who signs up at 05:00 on 1 December in Tokyo (20:00 on 30 November in
 * UTC) is billed next on 1 January, not on 31 December.
 */
export function addMonthsJapan(date: Date, months: number): Date {
  const local = new Date(date.getTime() + JAPAN_OFFSET_MS);
  return new Date(addMonthsUtc(local, months).getTime() - JAPAN_OFFSET_MS);
}

/**
 * When the service of a cancelled contract ends: terms are monthly from `termAnchor` (the next billing date, or
 * the contract's start), and a cancellation must come `CANCELLATION_NOTICE_MONTHS` ahead, so the service runs to
 * the end of the first term that ends at least that long after `requestedAt`. Service and billing go on until then
 * (first document, section 4; second document, section 9).
 */
export function serviceEndAfterCancellation(requestedAt: Date, termAnchor: Date): Date {
  const earliest = addMonthsUtc(requestedAt, CANCELLATION_NOTICE_MONTHS);
  const day = termAnchor.getUTCDate();
  // The first term boundary on or after the anchor that is not before the earliest allowed end.
  let months = 0;
  let end = termAnchor;
  if (end < earliest) {
    months =
      (earliest.getUTCFullYear() - termAnchor.getUTCFullYear()) * 12 +
      earliest.getUTCMonth() -
      termAnchor.getUTCMonth();
    end = addMonthsUtc(termAnchor, months, day);
    while (end < earliest) {
      months += 1;
      end = addMonthsUtc(termAnchor, months, day);
    }
  }
  return end;
}
