import { type ContentListParams, periodQuery } from '@spinyard/domain';

/**
 * What the list benchmark asks `GET /contents`: the first page of 200 for each search, filter and sort the list
 * offers, and a deep page. Parameters are the domain's list query (packages/domain/src/schemas/contents-list.ts);
 * the values match the seeded data (bench/contents-seed.ts).
 */

export interface ListCase {
  name: string;
  query: string;
}

const DAY_MS = 24 * 3600_000;
/** A day in Japan (the list's period is read in Japan time), `days` from today. */
function japanDate(days: number): string {
  return new Date(Date.now() + 9 * 3600_000 + days * DAY_MS).toISOString().slice(0, 10);
}

function query(params: ContentListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return search.toString();
}

export function listCases(ownerUserId: string): ListCase[] {
  const page = { limit: 200 } as const;
  const lastMonth = periodQuery('created', japanDate(-30), japanDate(0));
  const lastMonthUpdated = periodQuery('updated', japanDate(-30), japanDate(0));
  const cases: [string, ContentListParams][] = [
    ['no condition (newest created first)', {}],
    ['search: one word (car name)', { search: 'プリウス' }],
    ['search: one word (part of a management id)', { search: '0012345' }],
    ['search: one word (owner name)', { search: '佐藤' }],
    ['search: one word matching nothing', { search: 'ランボルギーニ' }],
    ['search: three words', { search: 'トヨタ,プリウス,ZVW30' }],
    ['filter: with exterior', { has_exterior: '1' }],
    ['filter: without exterior', { has_exterior: '0' }],
    ['filter: with interior', { has_interior: '1' }],
    ['filter: without interior', { has_interior: '0' }],
    ['filter: with rider view', { has_rider_view: '1' }],
    ['filter: with category images', { has_category_images: '1' }],
    ['filter: with web negotiation', { web_negotiation_group: '1' }],
    ['filter: with listing link', { cs: '1' }],
    ['filter: sleeping', { sleeped_contents: '1' }],
    ['filter: published', { publish: 'published' }],
    ['filter: deleted (trash)', { publish: 'deleted' }],
    ['filter: maker', { manufacturer: 'ホンダ' }],
    ['filter: body colour', { body_color: 'パールホワイト' }],
    ['filter: first registration year', { first_registration: 2015 }],
    ['filter: repaired', { repair: 'yes' }],
    ['filter: owner', { user_id: ownerUserId }],
    ['filter: created in the last month', { ...lastMonth }],
    ['filter: updated in the last month', { ...lastMonthUpdated }],
    ['sort: newest created', { sort_by: 'created_desc' }],
    ['sort: oldest created', { sort_by: 'created_asc' }],
    ['sort: newest updated', { sort_by: 'updated_desc' }],
    ['sort: oldest updated', { sort_by: 'updated_asc' }],
    ['page 400 (newest created)', { page: 400 }],
    ['page 400 (oldest updated)', { page: 400, sort_by: 'updated_asc' }],
  ];
  return cases.map(([name, params]) => ({ name, query: query({ ...page, ...params }) }));
}

/**
 * The CSV download: the vehicles updated in the last 28 days, about 10,000 of the largest domain's listed
 * vehicles (the seed adds a price revision over 5 % of its stock to what is edited anyway), within the one-month limit of a download.
 */
export function csvCase(): ListCase {
  const period = periodQuery('updated', japanDate(-28), japanDate(0));
  return { name: 'CSV download: vehicles updated in the last 28 days', query: query({ create_csv: '1', ...period }) };
}

/** The monthly report of last month for the largest domain: every vehicle that existed in it, and per owner. */
export function reportCases(): ListCase[] {
  const now = new Date(Date.now() + 9 * 3600_000);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  return (['detail', 'summary'] as const).map((type) => ({
    name: `Monthly report ${month}, ${type}, sleeping included`,
    query: new URLSearchParams({ month, report_type: type, sleep: '1' }).toString(),
  }));
}
