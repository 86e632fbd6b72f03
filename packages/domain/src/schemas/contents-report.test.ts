import { describe, expect, it } from 'vitest';
import { contentsReportQuery, currentReportMonth, reportMonthRange } from './contents-report.ts';

describe('contents report query', () => {
  it('defaults to the summary without sleeping vehicles', () => {
    expect(contentsReportQuery.parse({ month: '2026-03' })).toEqual({
      month: '2026-03',
      report_type: 'summary',
      sleep: '0',
    });
  });

  it.each(['', '2026-3', '2026-13', '2026-00', '1899-12', '2026/03', '2026-03-01'])('refuses the month %j', (month) => {
    const result = contentsReportQuery.safeParse({ month });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['month']);
  });

  it('refuses an unknown type and a sleep flag other than 0 or 1', () => {
    expect(contentsReportQuery.safeParse({ month: '2026-03', report_type: 'weekly' }).success).toBe(false);
    expect(contentsReportQuery.safeParse({ month: '2026-03', sleep: 'yes' }).success).toBe(false);
  });

  it('accepts load_from_s3 and keeps it out of the reading', () => {
    expect(contentsReportQuery.parse({ month: '2026-03', load_from_s3: '1' }).load_from_s3).toBe('1');
  });
});

describe('report month', () => {
  it('runs from the first to the next first, midnight in Japan', () => {
    expect(reportMonthRange('2026-03')).toEqual({
      start: new Date('2026-02-28T15:00:00Z'),
      end: new Date('2026-03-31T15:00:00Z'),
    });
    expect(reportMonthRange('2025-12').end).toEqual(new Date('2025-12-31T15:00:00Z'));
  });

  it('is read in Japan: 23:30 UTC on the last day is already the next month', () => {
    expect(currentReportMonth(new Date('2026-03-31T15:30:00Z'))).toBe('2026-04');
    expect(currentReportMonth(new Date('2026-03-31T14:59:00Z'))).toBe('2026-03');
  });
});
