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

  it('names what is wrong: a missing date, the end first, more than a month', () => {
    expect(csvPeriodProblem('created', '', '2026-01-31')).toBe('contentsList.csv.datesRequired');
    expect(csvPeriodProblem('created', '2026-02-01', '2026-01-31')).toBe('contentsList.filters.endBeforeStart');
    expect(csvPeriodProblem('created', '2026-01-01', '2026-02-01')).toBe('contentsList.csv.tooLong');
    expect(csvPeriodProblem('created', '2026-01-01', '2026-01-31')).toBeNull();
  });
});
