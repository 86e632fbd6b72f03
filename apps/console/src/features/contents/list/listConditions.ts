import {
  CONTENT_SORTS,
  type ContentListParams,
  type ContentSort,
  DEFAULT_CONTENT_SORT,
  DEFAULT_PAGE_SIZE,
  isPageSize,
  LISTED_PUBLICATION_STATES,
  type ListedPublicationState,
  type PageSize,
  PERIOD_COLUMNS,
  type PeriodColumn,
  periodQuery,
  REPAIR_HISTORIES,
  SEARCH_MAX_LENGTH,
} from '@spinyard/domain';
import { STORAGE_KEYS } from '../../../lib/storageKeys.ts';

/**
 * The vehicle list's conditions (first document section 3, "Content list filter"): what the screen holds, kept in
 * local storage so a reload or a return to the list shows the same rows, and cleared at logout with the other
 * list conditions (STORAGE_KEYS.listPrefix). `toQuery` turns them into the query of GET /contents.
 */

/** A with/without filter: '' either way. */
export type Flag = '' | '1' | '0';
export const FLAG_FILTERS = [
  'has_exterior',
  'has_interior',
  'has_rider_view',
  'has_category_images',
  'web_negotiation_group',
  'cs',
] as const;
export type FlagFilter = (typeof FLAG_FILTERS)[number];

export interface ContentListConditions {
  page: number;
  limit: PageSize;
  search: string;
  sort: ContentSort;
  /** One publication state ('deleted' is the trash); '' lists every live one. */
  publish: ListedPublicationState | '';
  flags: Record<FlagFilter, Flag>;
  /** Only the sleeping vehicles (the spec's sleepedContents); they are hidden otherwise. */
  sleeping: boolean;
  maker: string;
  bodyColor: string;
  /** A year, as typed. */
  firstRegistration: string;
  repair: '' | 'yes' | 'no';
  /** The owner filter, and its label so a reload names it without asking. */
  userId: string;
  userLabel: string;
  period: PeriodColumn | '';
  /** The picked dates, YYYY-MM-DD; the end is the last day included. */
  start: string;
  end: string;
}

export const DEFAULT_CONDITIONS: ContentListConditions = {
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
  search: '',
  sort: DEFAULT_CONTENT_SORT,
  publish: '',
  flags: {
    has_exterior: '',
    has_interior: '',
    has_rider_view: '',
    has_category_images: '',
    web_negotiation_group: '',
    cs: '',
  },
  sleeping: false,
  maker: '',
  bodyColor: '',
  firstRegistration: '',
  repair: '',
  userId: '',
  userLabel: '',
  period: '',
  start: '',
  end: '',
};

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T | ''): T | '' =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : fallback;
const text = (value: unknown, max = SEARCH_MAX_LENGTH): string =>
  typeof value === 'string' ? value.slice(0, max) : '';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Conditions read back from what was stored: anything unknown or malformed falls back to its default. */
export function parseConditions(stored: unknown): ContentListConditions {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_CONDITIONS;
  const s = stored as Record<string, unknown>;
  const flags = (typeof s.flags === 'object' && s.flags !== null ? s.flags : {}) as Record<string, unknown>;
  const page = typeof s.page === 'number' && Number.isInteger(s.page) && s.page >= 1 ? s.page : 1;
  return {
    page,
    limit: typeof s.limit === 'number' && isPageSize(s.limit) ? (s.limit as PageSize) : DEFAULT_PAGE_SIZE,
    search: text(s.search),
    sort: oneOf(CONTENT_SORTS, s.sort, DEFAULT_CONTENT_SORT) || DEFAULT_CONTENT_SORT,
    publish: oneOf(LISTED_PUBLICATION_STATES, s.publish, ''),
    flags: Object.fromEntries(FLAG_FILTERS.map((f) => [f, oneOf(['1', '0'] as const, flags[f], '')])) as Record<
      FlagFilter,
      Flag
    >,
    sleeping: s.sleeping === true,
    maker: text(s.maker),
    bodyColor: text(s.bodyColor),
    firstRegistration: /^\d{4}$/.test(text(s.firstRegistration)) ? text(s.firstRegistration) : '',
    repair: oneOf(REPAIR_HISTORIES, s.repair, ''),
    userId: /^\d+$/.test(text(s.userId)) ? text(s.userId) : '',
    userLabel: text(s.userLabel, 300),
    period: oneOf(PERIOD_COLUMNS, s.period, ''),
    start: DATE.test(text(s.start)) ? text(s.start) : '',
    end: DATE.test(text(s.end)) ? text(s.end) : '',
  };
}

export function loadConditions(): ContentListConditions {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.contentsList);
    return raw === null ? DEFAULT_CONDITIONS : parseConditions(JSON.parse(raw));
  } catch {
    return DEFAULT_CONDITIONS;
  }
}

export function saveConditions(conditions: ContentListConditions): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.contentsList, JSON.stringify(conditions));
  } catch {
    // Storage disabled or full: the conditions hold for this visit only.
  }
}

/** The period as the server takes it, or nothing while it is incomplete (a date missing or the end first). */
export function periodOf(
  period: PeriodColumn | '',
  start: string,
  end: string,
): { period: PeriodColumn; start_at: string; end_at: string } | undefined {
  if (period === '' || start === '' || end === '' || end < start) return undefined;
  return periodQuery(period, start, end) ?? undefined;
}

/** The conditions as the query of GET /contents: empty filters are left out. */
export function toQuery(c: ContentListConditions): ContentListParams {
  const flags = Object.fromEntries(FLAG_FILTERS.filter((f) => c.flags[f] !== '').map((f) => [f, c.flags[f]]));
  const year = c.firstRegistration.trim();
  return {
    page: c.page,
    limit: c.limit,
    sort_by: c.sort,
    ...(c.search.trim() ? { search: c.search.trim() } : {}),
    ...(c.publish ? { publish: c.publish } : {}),
    ...flags,
    ...(c.sleeping ? { sleeped_contents: '1' as const } : {}),
    ...(c.maker.trim() ? { manufacturer: c.maker.trim() } : {}),
    ...(c.bodyColor.trim() ? { body_color: c.bodyColor.trim() } : {}),
    ...(/^\d{4}$/.test(year) ? { first_registration: Number(year) } : {}),
    ...(c.repair ? { repair: c.repair } : {}),
    ...(c.userId ? { user_id: c.userId } : {}),
    ...periodOf(c.period, c.start, c.end),
  };
}

/** How many filters narrow the list (the search and the sort aside), for the filters button. */
export function activeFilterCount(c: ContentListConditions): number {
  const flags = FLAG_FILTERS.filter((f) => c.flags[f] !== '').length;
  const others = [
    c.publish !== '',
    c.sleeping,
    c.maker.trim() !== '',
    c.bodyColor.trim() !== '',
    c.firstRegistration.trim() !== '',
    c.repair !== '',
    c.userId !== '',
    periodOf(c.period, c.start, c.end) !== undefined,
  ].filter(Boolean).length;
  return flags + others;
}

/** The conditions with every filter and the search cleared; the sort and page size stay as chosen. */
export function clearedFilters(c: ContentListConditions): ContentListConditions {
  return { ...DEFAULT_CONDITIONS, sort: c.sort, limit: c.limit };
}
