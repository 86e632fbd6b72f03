import { describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '../constants.ts';
import {
  contentListBody,
  contentListQuery,
  csvPeriodWithinLimit,
  periodInstantOf,
  periodQuery,
  pickedDates,
} from './contents-list.ts';
import { parseFields } from './field-errors.ts';
import { fieldRulesOf } from './field-rules.fixture.ts';

const rulesOf = (query: Record<string, unknown>) => fieldRulesOf(contentListQuery, query);

const parsed = (query: Record<string, unknown>) => {
  const r = parseFields(contentListQuery, query);
  if (!r.ok) throw new Error(JSON.stringify(r.fields));
  return r.data;
};

describe('the vehicle list query', () => {
  it('defaults to the first page of 10, newest created first, no filter', () => {
    expect(parsed({})).toEqual({ page: 1, limit: 10, sort_by: 'created_desc' });
  });

  it('takes the page sizes of the spec and nothing else', () => {
    expect(PAGE_SIZES).toEqual([10, 30, 50, 100, 200, 300]);
    for (const size of PAGE_SIZES) expect(parsed({ limit: String(size) }).limit).toBe(size);
    expect(rulesOf({ limit: '20' })).toEqual(['limit:one_of']);
    expect(rulesOf({ limit: '301' })).toEqual(['limit:one_of']);
    expect(rulesOf({ page: '0' })).toEqual(['page:range']);
  });

  it('names the four sorts', () => {
    for (const sort of ['created_desc', 'created_asc', 'updated_desc', 'updated_asc']) {
      expect(parsed({ sort_by: sort }).sort_by).toBe(sort);
    }
    expect(rulesOf({ sort_by: 'name_asc' })).toEqual(['sort_by:one_of']);
  });

  it('reads with/without filters as 1 and 0, and absent as either', () => {
    const q = parsed({ has_exterior: '1', has_interior: '0', cs: '1', web_negotiation_group: '0' });
    expect(q.has_exterior).toBe(true);
    expect(q.has_interior).toBe(false);
    expect(q.cs).toBe(true);
    expect(q.web_negotiation_group).toBe(false);
    expect(q.has_rider_view).toBeUndefined();
    expect(rulesOf({ has_exterior: 'yes' })).toEqual(['has_exterior:format']);
  });

  it('takes the same conditions as a JSON body, with true/false as well', () => {
    const r = parseFields(contentListBody, { has_exterior: true, has_interior: 0, limit: 30, search: 'prius' });
    expect(r.ok && r.data).toMatchObject({ has_exterior: true, has_interior: false, limit: 30, search: 'prius' });
    const csv = parseFields(contentListBody, { create_csv: '1' });
    expect(csv.ok && 'create_csv' in csv.data).toBe(false);
  });

  it('bounds the search text at 100 characters and the filter texts at their fields', () => {
    expect(rulesOf({ search: 'あ'.repeat(100) })).toEqual([]);
    expect(rulesOf({ search: 'x'.repeat(101) })).toEqual(['search:max_length']);
    expect(rulesOf({ manufacturer: 'x'.repeat(51) })).toEqual(['manufacturer:max_length']);
    expect(rulesOf({ body_color: 'x'.repeat(31) })).toEqual(['body_color:max_length']);
  });

  it('takes a registration year in the vehicle bounds, a repair history and an owner id', () => {
    expect(parsed({ first_registration: '2019', repair: 'no', user_id: '12' })).toMatchObject({
      first_registration: 2019,
      repair: 'no',
      user_id: '12',
    });
    expect(rulesOf({ first_registration: '1899' })).toEqual(['first_registration:range']);
    expect(rulesOf({ repair: 'maybe' })).toEqual(['repair:one_of']);
    expect(rulesOf({ user_id: 'abc' })).toEqual(['user_id:format']);
  });

  it('lists states by publish, but never the permanently deleted', () => {
    expect(parsed({ publish: 'deleted' }).publish).toBe('deleted');
    expect(rulesOf({ publish: 'permanently_deleted' })).toEqual(['publish:one_of']);
  });
});

describe('the date-range filter', () => {
  it('needs the column and both dates together', () => {
    expect(rulesOf({ period: 'created' })).toEqual(['start_at:required', 'end_at:required']);
    expect(rulesOf({ start_at: '2025-01-01 00:00:00', end_at: '2025-01-02 00:00:00' })).toEqual(['period:required']);
    expect(rulesOf({ period: 'updated', start_at: '2025-01-01 00:00:00' })).toEqual(['end_at:required']);
    expect(rulesOf({ period: 'deleted', start_at: '2025-01-01 00:00:00', end_at: '2025-01-02 00:00:00' })).toEqual([
      'period:one_of',
    ]);
  });

  it('takes dates at 00:00:00 that exist, the end after the start', () => {
    const ok = { period: 'created', start_at: '2025-01-01 00:00:00', end_at: '2025-01-02 00:00:00' };
    expect(rulesOf(ok)).toEqual([]);
    expect(rulesOf({ ...ok, start_at: '2025-01-01' })).toEqual(['start_at:format']);
    expect(rulesOf({ ...ok, start_at: '2025-01-01 10:00:00' })).toEqual(['start_at:format']);
    expect(rulesOf({ ...ok, end_at: '2025-02-30 00:00:00' })).toEqual(['end_at:format']);
    expect(rulesOf({ ...ok, end_at: ok.start_at })).toEqual(['end_at:range']);
    expect(rulesOf({ ...ok, end_at: '2024-12-31 00:00:00' })).toEqual(['end_at:range']);
  });

  it('moves the picked end one day forward and sends both at 00:00:00', () => {
    expect(periodQuery('created', '2025-01-01', '2025-01-31')).toEqual({
      period: 'created',
      start_at: '2025-01-01 00:00:00',
      end_at: '2025-02-01 00:00:00',
    });
    // One day picked twice is that whole day; month and year ends roll over.
    expect(periodQuery('updated', '2024-12-31', '2024-12-31')?.end_at).toBe('2025-01-01 00:00:00');
    expect(periodQuery('created', '2024-02-28', '2024-02-28')?.end_at).toBe('2024-02-29 00:00:00');
    expect(periodQuery('created', '2025-02-29', '2025-03-01')).toBeNull();
  });

  it('reads the picked dates back from a query', () => {
    const query = periodQuery('created', '2025-03-01', '2025-03-31');
    expect(query && pickedDates(query)).toEqual({ start: '2025-03-01', end: '2025-03-31' });
  });

  it('means midnight in Japan', () => {
    expect(periodInstantOf('2025-01-01 00:00:00').toISOString()).toBe('2024-12-31T15:00:00.000Z');
  });

  it('allows a CSV period of at most one month', () => {
    const within = (start: string, end: string) => {
      const q = periodQuery('created', start, end);
      if (!q) throw new Error('bad dates');
      return csvPeriodWithinLimit(q.start_at, q.end_at);
    };
    expect(within('2025-01-01', '2025-01-31')).toBe(true);
    expect(within('2025-01-01', '2025-02-01')).toBe(false);
    expect(within('2025-01-15', '2025-02-14')).toBe(true);
    expect(within('2025-01-15', '2025-02-15')).toBe(false);
    expect(within('2025-12-10', '2026-01-09')).toBe(true);
    expect(within('2025-12-10', '2026-01-10')).toBe(false);
    // A shorter next month: the month's end bounds the period.
    expect(within('2024-01-31', '2024-02-28')).toBe(true);
    expect(within('2024-01-31', '2024-02-29')).toBe(false);
    expect(within('2025-03-03', '2025-03-03')).toBe(true);
  });
});
