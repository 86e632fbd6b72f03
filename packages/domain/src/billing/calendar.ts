import {
  CANCELLATION_NOTICE_MONTHS,
  LATE_FEE_ANNUAL_RATE,
  type PlanInterval,
  RENEWAL_REFUSED_WITHIN_DAYS,
} from '../constants.ts';
import { addMonthsJapan, JAPAN_OFFSET_MS } from '../service-end.ts';

/**
 * The billing calendar's rules (issue 19, points 4, 5 and 9), as pure functions of the instants they are given: the
 * server's renewals, dunning and late fees call these with its injectable clock's time, so a test moves a whole year
 * by setting that clock. Every amount is a whole number of the currency's minor unit.
 */

const DAY_MS = 86_400_000;

/**
 * After a failed renewal the card is tried again this many days after the due date, in order; when the last try
 * fails too the contract expires (docs/decisions.md, "Billing: subscriptions and dunning").
 */
export const DUNNING_RETRY_DAYS = [3, 7, 14] as const;

/** Days of notice between a contract's end and the removal of its vehicles (the notice mail goes out at the end). */
export const VEHICLE_REMOVAL_NOTICE_DAYS = 30;

/**
 * How long before a cancelled contract's end the dealer is told the date, while they can still sign in and save
 * their vehicles' data (a cancelled account cannot sign in: the mail at the end can only announce the removal).
 */
export const CONTRACT_END_NOTICE_DAYS = 7;

/** How long before a renewal a card that expires before it is announced to the dealer. */
export const CARD_EXPIRY_NOTICE_DAYS = 14;

/**
 * The end of the `index`-th period of a subscription started at `anchor` (index 1 is the first period's end). Months
 * and years count from the anchor, never from the previous end, so a contract started on 31 January renews on 28
 * (or 29) February and then on 31 March again: the anchor's day is kept wherever the month has it. The days are
 * Japan's (the product's customers are there, and the billing jobs run on Tokyo time).
 */
export function periodEnd(anchor: Date, interval: PlanInterval, index: number): Date {
  switch (interval) {
    case 'day':
      return new Date(anchor.getTime() + index * DAY_MS);
    case 'week':
      return new Date(anchor.getTime() + index * 7 * DAY_MS);
    case 'month':
      return addMonthsJapan(anchor, index);
    case 'year':
      return addMonthsJapan(anchor, 12 * index);
  }
}

/**
 * The period that follows the one ending at `currentEnd`, counted from `anchor`: the first period end after
 * `currentEnd`. Found by counting, so an anchor on the 31st comes back to the 31st after a short month.
 */
export function nextPeriodEnd(anchor: Date, interval: PlanInterval, currentEnd: Date): Date {
  // A month is at least 28 days: start the count just below where the answer can be and step up.
  const approxDays = { day: 1, week: 7, month: 28, year: 365 }[interval];
  let index = Math.max(1, Math.floor((currentEnd.getTime() - anchor.getTime()) / (approxDays * DAY_MS)) - 1);
  let end = periodEnd(anchor, interval, index);
  while (end.getTime() <= currentEnd.getTime()) {
    index += 1;
    end = periodEnd(anchor, interval, index);
  }
  return end;
}

/**
 * A cancellation's term end: the end of the paid period, or of a later one, so that it lies at least
 * CANCELLATION_NOTICE_MONTHS after the request. Service (and billing) run until then.
 */
export function contractEnd(anchor: Date, interval: PlanInterval, currentEnd: Date, at: Date): Date {
  const earliest = addMonthsJapan(at, CANCELLATION_NOTICE_MONTHS);
  let end = currentEnd;
  while (end < earliest) end = nextPeriodEnd(anchor, interval, end);
  return end;
}

export interface Proration {
  /** The unused part of the old plan's paid period, given back. */
  credit: number;
  /** The new plan's price for the rest of the period. */
  charge: number;
  /** What is charged now (never below zero: an upgrade costs more). */
  net: number;
}

/**
 * An upgrade at `at` inside the paid period [start, end): the old plan's unused share is credited, the new plan's
 * share charged, each rounded to the nearest minor unit on its own (the dealer can check each line).
 */
export function prorate(input: { oldAmount: number; newAmount: number; start: Date; end: Date; at: Date }): Proration {
  const total = input.end.getTime() - input.start.getTime();
  const left = Math.min(Math.max(input.end.getTime() - input.at.getTime(), 0), total);
  const share = total > 0 ? left / total : 0;
  const credit = Math.round(input.oldAmount * share);
  const charge = Math.round(input.newAmount * share);
  return { credit, charge, net: Math.max(charge - credit, 0) };
}

/** Whole days from `from` to `to` (0 when `to` is not after `from`). */
export function wholeDaysBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));
}

/**
 * Late-payment interest on `overdue` for the whole days from the due date to the payment: 14.6 % a year, by the day
 * over 365 days, rounded down (interest is never rounded in the creditor's favour).
 */
export function lateFee(overdue: number, dueAt: Date, paidAt: Date): number {
  return Math.floor((overdue * LATE_FEE_ANNUAL_RATE * wholeDaysBetween(dueAt, paidAt)) / 365);
}

/** When the card is tried again after the `retryCount`-th retry (0: none yet); null once the last retry is spent. */
export function nextRetryAt(dueAt: Date, retryCount: number): Date | null {
  const days = DUNNING_RETRY_DAYS[retryCount];
  return days === undefined ? null : new Date(dueAt.getTime() + days * DAY_MS);
}

/**
 * A cancelled contract can be taken back (renewed) only while its end is at least RENEWAL_REFUSED_WITHIN_DAYS away:
 * in the last 30 days the vehicles' removal is already announced and the term is closing.
 */
export function renewalAllowed(endDate: Date, at: Date): boolean {
  return endDate.getTime() - at.getTime() >= RENEWAL_REFUSED_WITHIN_DAYS * DAY_MS;
}

/** A card is good for payments through the last day of its expiry month. */
export function cardExpiresBefore(card: { exp_month: number; exp_year: number }, at: Date): boolean {
  const firstDayAfter = Date.UTC(card.exp_year, card.exp_month, 1);
  return firstDayAfter <= at.getTime();
}

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/**
 * The last day a billing period [start, end) covers, as the instant that day begins in Japan: the day before the one
 * its end falls on. Periods start at the time of day the contract was made (10:00 say), so the end minus a moment
 * is still the next period's first day; counting whole Japan days instead gives 1 Dec - 31 Dec then 1 Jan - 31 Jan,
 * never a day in two periods. Every display of a period (invoice list, PDF, CSV) shows this day as its end.
 */
export function periodLastDay(end: Date): Date {
  const local = end.getTime() + JAPAN_OFFSET_MS;
  const dayStart = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  return new Date(dayStart - DAY_MS - JAPAN_OFFSET_MS);
}
