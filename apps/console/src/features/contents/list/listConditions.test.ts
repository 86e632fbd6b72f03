import { contentListQuery } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  type ContentListConditions,
  clearedFilters,
  DEFAULT_CONDITIONS,
  parseConditions,
  toQuery,
} from './listConditions.ts';

const full: ContentListConditions = {
  page: 3,
  limit: 50,
  search: ' toyota, prius ',
  sort: 'updated_asc',
  publish: 'deleted',
  flags: {
    has_exterior: '1',
    has_interior: '0',
    has_rider_view: '',
    has_category_images: '',
    web_negotiation_group: '',
    cs: '0',
  },
  sleeping: true,
  maker: 'Toyota',
  bodyColor: 'white',
  firstRegistration: '2019',
  repair: 'no',
  userId: '42',
  userLabel: 'Tanaka (t@example.com)',
  period: 'created',
  start: '2026-01-01',
  end: '2026-01-31',
};

describe('the vehicle list conditions', () => {
  it('send every filter under the spec name, and the server schema takes them', () => {
    const query = toQuery(full);
    expect(query).toEqual({
      page: 3,
      limit: 50,
      sort_by: 'updated_asc',
      search: 'toyota, prius',
      publish: 'deleted',
      has_exterior: '1',
      has_interior: '0',
      cs: '0',
      sleeped_contents: '1',
      manufacturer: 'Toyota',
      body_color: 'white',
      first_registration: 2019,
      repair: 'no',
      user_id: '42',
      period: 'created',
      start_at: '2026-01-01 00:00:00',
      // The end is moved one day forward (second document section 5).
      end_at: '2026-02-01 00:00:00',
    });
    expect(contentListQuery.safeParse(query).success).toBe(true);
  });

  it('leave out empty filters and an incomplete or reversed period', () => {
    expect(toQuery(DEFAULT_CONDITIONS)).toEqual({ page: 1, limit: 10, sort_by: 'created_desc' });
    expect(toQuery({ ...DEFAULT_CONDITIONS, period: 'updated', start: '2026-01-05' })).not.toHaveProperty('period');
    const reversed = toQuery({ ...DEFAULT_CONDITIONS, period: 'updated', start: '2026-01-05', end: '2026-01-01' });
    expect(reversed).not.toHaveProperty('start_at');
    expect(contentListQuery.safeParse(reversed).success).toBe(true);
  });

  it('read back what was stored, and fall back to the defaults for anything malformed', () => {
    expect(parseConditions(JSON.parse(JSON.stringify(full)))).toEqual(full);
    expect(parseConditions(null)).toEqual(DEFAULT_CONDITIONS);
    const bad = parseConditions({
      page: -2,
      limit: 7,
      sort: 'price',
      publish: 'permanently_deleted',
      flags: { has_exterior: 'yes' },
      sleeping: 'true',
      firstRegistration: '19',
      userId: 'x1',
      period: 'deleted',
      start: '01/01/2026',
    });
    expect(bad).toEqual(DEFAULT_CONDITIONS);
  });

  it('count the filters that narrow the list, and clear them keeping sort and size', () => {
    expect(activeFilterCount(DEFAULT_CONDITIONS)).toBe(0);
    expect(activeFilterCount(full)).toBe(11);
    expect(clearedFilters(full)).toEqual({ ...DEFAULT_CONDITIONS, sort: 'updated_asc', limit: 50 });
  });
});
