import { describe, expect, it } from 'vitest';
import { todayInJapan } from './formatDateTime.ts';

describe('todayInJapan', () => {
  const ymd = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate()];

  it("is already tomorrow's date in Japan late in the UTC evening", () => {
    expect(ymd(todayInJapan(new Date('2026-11-25T17:00:00Z')))).toEqual([2026, 11, 26]);
  });

  it('is the same date early in the UTC day, and turns the year at Japan midnight', () => {
    expect(ymd(todayInJapan(new Date('2026-11-25T03:00:00Z')))).toEqual([2026, 11, 25]);
    expect(ymd(todayInJapan(new Date('2026-12-31T15:00:00Z')))).toEqual([2027, 1, 1]);
  });
});
