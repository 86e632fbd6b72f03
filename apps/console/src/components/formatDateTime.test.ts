import { describe, expect, it } from 'vitest';
import { formatDay, formatMonth, todayInJapan } from './formatDateTime.ts';

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

describe('formatDay', () => {
  it("writes a date input's day as each of the console's languages does, whatever the browser's", () => {
    expect(formatDay('2026-12-25', 'ja')).toBe('2026/12/25');
    expect(formatDay('2026-12-25', 'en')).toBe('12/25/2026');
    expect(formatDay('2026-12-25', 'fr')).toBe('25/12/2026');
    expect(formatDay('2026-12-25', 'pt')).toBe('25/12/2026');
  });

  it("writes a month input's month in the console's language", () => {
    expect(['ja', 'en', 'fr', 'pt'].map((l) => formatMonth('2026-11', l))).toEqual([
      '2026/11',
      '11/2026',
      '11/2026',
      '11/2026',
    ]);
    expect(formatMonth('2026-1', 'ja')).toBe('');
  });

  it('is empty for an empty or half-typed value', () => {
    expect(formatDay('', 'ja')).toBe('');
    expect(formatDay('2026-1', 'ja')).toBe('');
  });
});
