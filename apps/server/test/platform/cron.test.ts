import { describe, expect, it, vi } from 'vitest';
import { CronError, cronMatches, parseCron, startCronTicker, wallMinute } from '../../src/platform/jobs/cron.ts';

const at = (iso: string, cron: string, tz = 'UTC') => cronMatches(parseCron(cron), wallMinute(new Date(iso), tz));

describe('cron schedules (the runner fires them, not pg-boss)', () => {
  it('reads values, lists, ranges and steps in every field', () => {
    expect(at('2026-11-30T03:30:00Z', '30 3 * * *')).toBe(true);
    expect(at('2026-11-30T03:31:00Z', '30 3 * * *')).toBe(false);
    expect(at('2026-11-30T03:20:00Z', '*/10 * * * *')).toBe(true);
    expect(at('2026-11-30T03:25:00Z', '*/10 * * * *')).toBe(false);
    expect(at('2026-11-30T03:25:00Z', '5/10 * * * *')).toBe(true);
    expect(at('2026-11-30T10:00:00Z', '0 9-17/2 * * *')).toBe(false);
    expect(at('2026-11-30T11:00:00Z', '0 9-17/2 * * *')).toBe(true);
    expect(at('2026-11-30T11:00:00Z', '0 8,11,14 * * *')).toBe(true);
    expect(at('2026-12-01T00:00:00Z', '0 0 1 12 *')).toBe(true);
  });

  it('reads the hours in the schedule’s own zone', () => {
    // 03:30 in Tokyo is 18:30 UTC the day before.
    expect(at('2026-11-29T18:30:00Z', '30 3 * * *', 'Asia/Tokyo')).toBe(true);
    expect(at('2026-11-30T03:30:00Z', '30 3 * * *', 'Asia/Tokyo')).toBe(false);
    // New York's midnight moves with daylight saving time: 05:00 UTC in winter, 04:00 in summer.
    expect(at('2026-12-01T05:00:00Z', '0 0 * * *', 'US/Eastern')).toBe(true);
    expect(at('2026-07-01T04:00:00Z', '0 0 * * *', 'US/Eastern')).toBe(true);
  });

  it('takes 0 and 7 for Sunday, and a day of month or a weekday when both are given', () => {
    // 2026-11-29 is a Sunday.
    expect(at('2026-11-29T12:00:00Z', '0 12 * * 7')).toBe(true);
    expect(at('2026-11-29T12:00:00Z', '0 12 * * 0')).toBe(true);
    expect(at('2026-11-30T12:00:00Z', '0 12 * * 0')).toBe(false);
    expect(at('2026-11-30T12:00:00Z', '0 12 15 * 1')).toBe(true);
    expect(at('2026-11-15T12:00:00Z', '0 12 15 * 1')).toBe(true);
    expect(at('2026-11-16T12:00:00Z', '0 12 15 * 0')).toBe(false);
  });

  it('refuses a schedule it cannot read, naming the field', () => {
    for (const bad of ['* * * *', '60 * * * *', '* 24 * * *', '* * 0 * *', '*/0 * * * *', '5-1 * * * *', 'a * * * *']) {
      expect(() => parseCron(bad), bad).toThrow(CronError);
    }
  });

  it('fires the current minute at start, each later minute once, and catches up minutes a late tick missed', () => {
    vi.useFakeTimers();
    try {
      let now = Date.parse('2026-11-30T03:30:20Z');
      const fired: string[] = [];
      const ticker = startCronTicker(
        [{ name: 'test.every', cron: '* * * * *', tz: 'UTC', fire: async (minute) => fired.push(minute) }],
        () => undefined,
        () => now,
      );
      expect(fired).toEqual(['2026-11-30T03:30:00.000Z']);
      // The next tick is due just after 03:31; the loop was held until 03:33:05, so it fires 31, 32 and 33 once.
      now = Date.parse('2026-11-30T03:33:05Z');
      vi.advanceTimersToNextTimer();
      expect(fired.slice(1)).toEqual([
        '2026-11-30T03:31:00.000Z',
        '2026-11-30T03:32:00.000Z',
        '2026-11-30T03:33:00.000Z',
      ]);
      now = Date.parse('2026-11-30T03:34:00.300Z');
      vi.advanceTimersToNextTimer();
      expect(fired.at(-1)).toBe('2026-11-30T03:34:00.000Z');
      expect(fired).toHaveLength(5);
      ticker.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
