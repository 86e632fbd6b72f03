import { describe, expect, it } from 'vitest';
import {
  cardExpiresBefore,
  contractEnd,
  lateFee,
  nextPeriodEnd,
  nextRetryAt,
  periodEnd,
  periodLastDay,
  prorate,
  renewalAllowed,
} from './calendar.ts';

const at = (iso: string) => new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
const day = (date: Date | null) => date?.toISOString().slice(0, 10) ?? null;

describe('periodEnd', () => {
  it('keeps the anchor day where the month has it, clamped where it does not', () => {
    const anchor = at('2026-01-31');
    expect([1, 2, 3, 4].map((n) => day(periodEnd(anchor, 'month', n)))).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(day(periodEnd(at('2028-02-29'), 'year', 1))).toBe('2029-02-28');
    expect(day(periodEnd(at('2028-02-29'), 'year', 4))).toBe('2032-02-29');
    expect(day(periodEnd(at('2026-03-01'), 'week', 2))).toBe('2026-03-15');
    expect(day(periodEnd(at('2026-03-01'), 'day', 1))).toBe('2026-03-02');
  });

  it("counts months in Japan's calendar: signed up early on 1 December in Tokyo, billed next on 1 January", () => {
    // 2026-12-01 05:05 in Tokyo is still 30 November in UTC.
    const anchor = at('2026-11-30T20:05:00Z');
    expect(periodEnd(anchor, 'month', 1).toISOString()).toBe('2026-12-31T20:05:00.000Z');
    expect(periodEnd(anchor, 'month', 2).toISOString()).toBe('2027-01-31T20:05:00.000Z');
    // 31 January 08:00 in Tokyo: February's last day, then 31 March, in Tokyo.
    const lateJanuary = at('2027-01-30T23:00:00Z');
    expect(nextPeriodEnd(lateJanuary, 'month', periodEnd(lateJanuary, 'month', 1)).toISOString()).toBe(
      '2027-03-30T23:00:00.000Z',
    );
    expect(periodEnd(lateJanuary, 'month', 1).toISOString()).toBe('2027-02-27T23:00:00.000Z');
    expect(contractEnd(anchor, 'month', periodEnd(anchor, 'month', 1), anchor).toISOString()).toBe(
      '2026-12-31T20:05:00.000Z',
    );
  });

  it('counts the next period from the anchor, not from the last end', () => {
    const anchor = at('2026-01-31');
    expect(day(nextPeriodEnd(anchor, 'month', at('2026-02-28')))).toBe('2026-03-31');
    expect(day(nextPeriodEnd(anchor, 'month', at('2026-12-31')))).toBe('2027-01-31');
    expect(day(nextPeriodEnd(at('2026-05-10'), 'week', at('2026-05-17')))).toBe('2026-05-24');
  });
});

describe('money', () => {
  it('prorates an upgrade: credit for the unused part, the new plan for the rest', () => {
    // 30-day period, upgraded after 10 days: 20/30 left.
    const p = prorate({
      oldAmount: 3000,
      newAmount: 9000,
      start: at('2026-04-01'),
      end: at('2026-05-01'),
      at: at('2026-04-11'),
    });
    expect(p).toEqual({ credit: 2000, charge: 6000, net: 4000 });
    const atStart = prorate({
      oldAmount: 1000,
      newAmount: 1001,
      start: at('2026-04-01'),
      end: at('2026-05-01'),
      at: at('2026-04-01'),
    });
    expect(atStart.net).toBe(1);
  });

  it('charges 14.6 % a year by the whole day on the overdue amount, rounded down', () => {
    // 10,000 yen 30 days late: 10000 * 0.146 * 30 / 365 = 120.0
    expect(lateFee(10_000, at('2026-04-01'), at('2026-05-01'))).toBe(120);
    expect(lateFee(10_000, at('2026-04-01'), at('2026-04-01T23:00:00Z'))).toBe(0);
    expect(lateFee(11_000, at('2026-04-01'), at('2026-04-08'))).toBe(30);
  });
});

describe('dunning and expiry', () => {
  it('retries 3, 7 and 14 days after the due date, then stops', () => {
    const due = at('2026-04-01');
    expect([0, 1, 2, 3].map((n) => day(nextRetryAt(due, n)))).toEqual(['2026-04-04', '2026-04-08', '2026-04-15', null]);
  });

  it('ends a cancelled contract at a period end at least a month ahead', () => {
    const anchor = at('2026-01-10');
    // Paid to 10 May; cancelled on 1 April: 10 May is more than a month ahead.
    expect(day(contractEnd(anchor, 'month', at('2026-05-10'), at('2026-04-01')))).toBe('2026-05-10');
    // Cancelled on 20 April: 10 May is too close, the next period's end.
    expect(day(contractEnd(anchor, 'month', at('2026-05-10'), at('2026-04-20')))).toBe('2026-06-10');
    // A yearly plan runs to its paid end.
    expect(day(contractEnd(anchor, 'year', at('2027-01-10'), at('2026-04-20')))).toBe('2027-01-10');
  });

  it('refuses a renewal within 30 days of the end', () => {
    expect(renewalAllowed(at('2026-05-01'), at('2026-04-01'))).toBe(true);
    expect(renewalAllowed(at('2026-05-01'), at('2026-04-02'))).toBe(false);
  });

  it('reads a card as good through the last day of its month', () => {
    const card = { exp_month: 4, exp_year: 2026 };
    expect(cardExpiresBefore(card, at('2026-04-30T23:59:59Z'))).toBe(false);
    expect(cardExpiresBefore(card, at('2026-05-01'))).toBe(true);
    expect(cardExpiresBefore({ exp_month: 12, exp_year: 2026 }, at('2027-01-01'))).toBe(true);
  });
});

describe('periodLastDay', () => {
  /** A day of Japan's calendar, as the invoices print it. */
  const japanDay = (date: Date) => new Date(date.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

  it('ends a period on the day before the next one starts, whatever the time of day it started', () => {
    // A contract made at 10:00 in Tokyo on 1 December: its periods begin at 10:00, and the end minus a moment
    // (31 Dec - 1 Jan, then 1 Jan - 1 Feb) put 1 January in two periods.
    const anchor = at('2026-12-01T01:00:00Z');
    const [first, second] = [periodEnd(anchor, 'month', 1), periodEnd(anchor, 'month', 2)];
    expect(japanDay(periodLastDay(first))).toBe('2026-12-31');
    expect(japanDay(first)).toBe('2027-01-01');
    expect(japanDay(periodLastDay(second))).toBe('2027-01-31');
    // An end at midnight in Tokyo and one late in the evening in UTC terms give the same rule.
    expect(japanDay(periodLastDay(at('2026-12-31T15:00:00Z')))).toBe('2026-12-31');
    expect(japanDay(periodLastDay(at('2026-12-31T14:59:00Z')))).toBe('2026-12-30');
  });
});
