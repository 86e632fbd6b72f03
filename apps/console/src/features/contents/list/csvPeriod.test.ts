import { describe, expect, it } from 'vitest';
import { csvPeriodProblem, defaultCsvPeriod } from './CsvDownloadDialog.tsx';

describe('the CSV download period', () => {
  it('opens on the last month up to today, which the one-month rule takes', () => {
    const period = defaultCsvPeriod(new Date(2026, 2, 31));
    expect(period).toEqual({ start: '2026-03-01', end: '2026-03-31' });
    expect(csvPeriodProblem('created', period.start, period.end)).toBeNull();
    const january = defaultCsvPeriod(new Date(2026, 0, 15));
    expect(january).toEqual({ start: '2025-12-16', end: '2026-01-15' });
    expect(csvPeriodProblem('updated', january.start, january.end)).toBeNull();
  });

  it('opens on the 1st on the last day of a month after a longer one (the rule ends a month on the clamped day)', () => {
    expect(defaultCsvPeriod(new Date(2026, 10, 30))).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(defaultCsvPeriod(new Date(2026, 1, 28))).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(defaultCsvPeriod(new Date(2028, 1, 29))).toEqual({ start: '2028-02-01', end: '2028-02-29' });
  });

  it('is, on every day of four years, a period the rule takes and the widest one', () => {
    const dayText = (d: Date) => d.toLocaleDateString('sv-SE');
    for (let day = new Date(2025, 0, 1); day.getFullYear() < 2029; day.setDate(day.getDate() + 1)) {
      const { start, end } = defaultCsvPeriod(day);
      expect(csvPeriodProblem('created', start, end), `${end}`).toBeNull();
      const [y, m, d] = start.split('-').map(Number) as [number, number, number];
      const dayBefore = dayText(new Date(y, m - 1, d - 1));
      expect(csvPeriodProblem('created', dayBefore, end), `${end} from ${dayBefore}`).toBe('contentsList.csv.tooLong');
    }
  });

  it('names what is wrong: a missing date, the end first, more than a month', () => {
    expect(csvPeriodProblem('created', '', '2026-01-31')).toBe('contentsList.csv.datesRequired');
    expect(csvPeriodProblem('created', '2026-02-01', '2026-01-31')).toBe('contentsList.filters.endBeforeStart');
    expect(csvPeriodProblem('created', '2026-01-01', '2026-02-01')).toBe('contentsList.csv.tooLong');
    expect(csvPeriodProblem('created', '2026-01-01', '2026-01-31')).toBeNull();
  });
});
