import { describe, expect, it } from 'vitest';
import { chartPeriodLastDay, japanDateOf, periodDays, statisticChartQuery, statisticEventBody } from './statistics.ts';

describe('statistic event', () => {
  it('takes a vehicle id or a short id, not both and not neither', () => {
    expect(statisticEventBody.safeParse({ content_id: '12', kind: 'view' }).success).toBe(true);
    expect(statisticEventBody.safeParse({ short_id: 'aB3_x-9', kind: 'spin' }).success).toBe(true);
    expect(statisticEventBody.safeParse({ kind: 'view' }).success).toBe(false);
    expect(statisticEventBody.safeParse({ content_id: '1', short_id: 'abcd', kind: 'view' }).success).toBe(false);
  });

  it('takes a hotspot id with a hotspot opening only, and known kinds only', () => {
    expect(statisticEventBody.safeParse({ content_id: '1', kind: 'hotspot_open', hotspot_id: '3' }).success).toBe(true);
    expect(statisticEventBody.safeParse({ content_id: '1', kind: 'view', hotspot_id: '3' }).success).toBe(false);
    expect(statisticEventBody.safeParse({ content_id: '1', kind: 'click' }).success).toBe(false);
  });
});

describe('chart period', () => {
  it('is at most one year, both dates included', () => {
    expect(statisticChartQuery.safeParse({ from: '2026-01-01', to: '2027-01-01' }).success).toBe(true);
    const over = statisticChartQuery.safeParse({ from: '2026-01-01', to: '2027-01-02' });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.path).toEqual(['to']);
  });

  it('ends on 28 February after a 29 February', () => {
    expect(chartPeriodLastDay('2028-02-29')).toBe('2029-02-28');
  });

  it('refuses an end before the start and dates that do not exist', () => {
    expect(statisticChartQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
    expect(statisticChartQuery.safeParse({ from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
  });

  it('reads vehicles as a comma-separated list', () => {
    const q = statisticChartQuery.parse({ from: '2026-03-01', to: '2026-03-01', content_ids: '4, 5' });
    expect(q.content_ids).toEqual(['4', '5']);
  });

  it('lists every day and reads instants in Japan', () => {
    expect(periodDays('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(periodDays('2026-01-01', '2027-01-01')).toHaveLength(366);
    expect(japanDateOf(new Date('2026-03-31T15:30:00Z'))).toBe('2026-04-01');
    expect(japanDateOf(new Date('2026-03-31T14:59:00Z'))).toBe('2026-03-31');
  });
});
