import { describe, expect, it } from 'vitest';
import { addMonthsUtc, serviceEndAfterCancellation } from './service-end.ts';

const d = (iso: string) => new Date(`${iso}T00:00:00Z`);
const day = (date: Date) => date.toISOString().slice(0, 10);

describe('addMonthsUtc', () => {
  it('moves by calendar months and clamps to the last day', () => {
    expect(day(addMonthsUtc(d('2026-01-31'), 1))).toBe('2026-02-28');
    expect(day(addMonthsUtc(d('2028-01-31'), 1))).toBe('2028-02-29');
    expect(day(addMonthsUtc(d('2026-11-15'), 2))).toBe('2027-01-15');
  });
});

describe('serviceEndAfterCancellation', () => {
  it.each([
    // Terms renew on the 10th. Cancelled on 1 March: 10 March is too close, 10 April is a month and more ahead.
    ['2026-03-01', '2026-03-10', '2026-04-10'],
    // Exactly a month ahead is enough.
    ['2026-03-10', '2026-03-10', '2026-04-10'],
    // One day short of a month: the term after.
    ['2026-03-11', '2026-03-10', '2026-05-10'],
    // An anchor far in the past (the contract's start) still counts in monthly terms from its day.
    ['2026-11-25', '2025-06-30', '2026-12-30'],
    // A next billing date already far enough ahead is the end.
    ['2026-03-01', '2026-06-10', '2026-06-10'],
    // The 31st keeps its day where the month has one.
    ['2026-02-20', '2026-01-31', '2026-03-31'],
  ])('cancelled on %s with terms from %s: the service ends on %s', (requested, anchor, expected) => {
    expect(day(serviceEndAfterCancellation(d(requested), d(anchor)))).toBe(expected);
  });
});
