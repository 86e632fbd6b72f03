import { z } from 'zod';
import { CSV_DOWNLOAD_MAX_PERIOD_MONTHS } from '../constants.ts';
import type { PublicationState } from '../publication.ts';
import { idSchema } from './common.ts';
import { CONTENT_NUMBER_BOUNDS, CONTENT_TEXT_MAX, REPAIR_HISTORIES } from './contents.ts';
import { ruleIssue } from './field-errors.ts';
import { pageQuery, searchText } from './lists.ts';

/**
 * The vehicle list's query (second document section 7: `GET /contents` and `POST /contents/list`), with exactly
 * the spec's parameters. The console's "Content list filter" (first document section 3) maps one to one:
 * perPage→limit, currentPage→page, sort→sort_by, exterior→has_exterior, interior→has_interior, searchKey→search,
 * sleepedContents→sleeped_contents, webNegotiation→web_negotiation_group, cs, maker→manufacturer, bodyColor,
 * firstRegistration, repair, searchUser→user_id, period/startAt/endAt. The issue's rider view and category image
 * filters are has_rider_view and has_category_images.
 *
 * Readings (copied to docs/decisions.md):
 * - A with/without filter is `1` (with), `0` (without) or absent (either); the JSON body of POST /contents/list
 *   also takes true/false and 1/0.
 * - Sleeping vehicles are hidden unless `sleeped_contents=1`, which lists only them; deleted ones are hidden
 *   unless `publish=deleted` (the trash). `publish` narrows to one publication state.
 * - `manufacturer` and `body_color` match any part of the value, ignoring case; `first_registration` is a year.
 * - The period is Japan time: `start_at` and `end_at` are `YYYY-MM-DD 00:00:00` with the end already moved one
 *   day forward (periodQuery builds them from the two picked dates), so the end is exclusive.
 */

export const CONTENT_SORTS = ['created_desc', 'created_asc', 'updated_desc', 'updated_asc'] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number];
export const DEFAULT_CONTENT_SORT: ContentSort = 'created_desc';

/** The states `publish` can ask for: every state a vehicle can be seen in (permanently deleted ones are gone). */
export const LISTED_PUBLICATION_STATES = [
  'published',
  'limited_public',
  'unpublished',
  'sleeping',
  'deleted',
] as const satisfies readonly PublicationState[];
export type ListedPublicationState = (typeof LISTED_PUBLICATION_STATES)[number];

export const PERIOD_COLUMNS = ['created', 'updated'] as const;
export type PeriodColumn = (typeof PERIOD_COLUMNS)[number];

/** The time zone the picked dates are read in (access geography is Japan; Japan has no daylight saving). */
export const PERIOD_TIME_ZONE_OFFSET = '+09:00';

/** A with/without filter: `1` with, `0` without, absent either way. */
export const flagFilter = z
  .union([z.enum(['1', '0']), z.literal(1), z.literal(0), z.boolean()])
  .transform((v) => v === '1' || v === 1 || v === true)
  .optional();

const PERIOD_INSTANT = /^(\d{4})-(\d{2})-(\d{2}) 00:00:00$/;

/** A calendar date that exists (no 2025-02-30), as year, month and day. */
function dateParts(text: string): [number, number, number] | null {
  const m = PERIOD_INSTANT.exec(text) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return [y, mo, d];
}

const periodInstant = z
  .string()
  .trim()
  .refine(
    (v) => PERIOD_INSTANT.test(v) && dateParts(v) !== null,
    ruleIssue('format', 'Use a date as YYYY-MM-DD 00:00:00.'),
  );

const filterText = (max: number) => z.string().trim().max(max).optional();

const listConditions = pageQuery.extend({
  sort_by: z.enum(CONTENT_SORTS).default(DEFAULT_CONTENT_SORT),
  search: searchText.optional(),
  publish: z.enum(LISTED_PUBLICATION_STATES).optional(),
  has_exterior: flagFilter,
  has_interior: flagFilter,
  has_rider_view: flagFilter,
  has_category_images: flagFilter,
  sleeped_contents: flagFilter,
  web_negotiation_group: flagFilter,
  /** With or without a listing-service link (any link state but none). */
  cs: flagFilter,
  manufacturer: filterText(CONTENT_TEXT_MAX.maker),
  body_color: filterText(CONTENT_TEXT_MAX.body_color),
  first_registration: z.coerce
    .number()
    .int()
    .min(CONTENT_NUMBER_BOUNDS.first_registration_year.min)
    .max(CONTENT_NUMBER_BOUNDS.first_registration_year.max)
    .optional(),
  repair: z.enum(REPAIR_HISTORIES).optional(),
  /** The owner: one user the caller can see. */
  user_id: idSchema.optional(),
  period: z.enum(PERIOD_COLUMNS).optional(),
  start_at: periodInstant.optional(),
  end_at: periodInstant.optional(),
});

type Conditions = z.output<typeof listConditions>;

/** The period needs its column and both dates, the end after the start. */
function periodRules(q: Conditions, ctx: z.RefinementCtx): void {
  const dates = { start_at: q.start_at, end_at: q.end_at };
  const anyDate = q.start_at !== undefined || q.end_at !== undefined;
  if (q.period !== undefined || anyDate) {
    for (const [field, value] of Object.entries(dates)) {
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'Enter both dates.', params: { rule: 'required' } });
      }
    }
    if (q.period === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['period'],
        message: 'Choose created or updated.',
        params: { rule: 'required' },
      });
    }
  }
  if (q.start_at !== undefined && q.end_at !== undefined && q.end_at <= q.start_at) {
    ctx.addIssue({
      code: 'custom',
      path: ['end_at'],
      message: 'The end date cannot be before the start date.',
      params: { rule: 'range' },
    });
  }
}

export const contentListQuery = listConditions
  .extend({
    /** GET only: answer the list as a CSV file (the period is then required, at most one month). */
    create_csv: flagFilter,
  })
  .superRefine(periodRules);
export type ContentListQuery = z.output<typeof contentListQuery>;
/** The query as the console sends it (strings in the address, or the JSON body of POST /contents/list). */
export type ContentListParams = z.input<typeof contentListQuery>;

/** `POST /contents/list`: the same conditions as a JSON body (no CSV: the file is a GET download). */
export const contentListBody = listConditions.superRefine(periodRules);
export type ContentListBody = z.output<typeof contentListBody>;

// ---- The date range -----------------------------------------------------------------------------------------

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDate = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/**
 * The query of a date range picked as two dates (second document section 5): the end moved one day forward and
 * both sent as the date at 00:00:00, so the last picked day is included. Dates are `YYYY-MM-DD`; null when a date
 * does not exist.
 */
export function periodQuery(
  period: PeriodColumn,
  startDate: string,
  endDate: string,
): { period: PeriodColumn; start_at: string; end_at: string } | null {
  const start = dateParts(startDate);
  const end = dateParts(endDate);
  if (start === null || end === null) return null;
  const dayAfter = new Date(Date.UTC(end[0], end[1] - 1, end[2] + 1));
  return { period, start_at: `${startDate} 00:00:00`, end_at: `${isoDate(dayAfter)} 00:00:00` };
}

/** The two dates a user picked, read back from a query (the end moved back one day), for the date pickers. */
export function pickedDates(query: { start_at: string; end_at: string }): { start: string; end: string } | null {
  const start = dateParts(query.start_at);
  const end = dateParts(query.end_at);
  if (start === null || end === null) return null;
  const lastDay = new Date(Date.UTC(end[0], end[1] - 1, end[2] - 1));
  return { start: isoDate(new Date(Date.UTC(start[0], start[1] - 1, start[2]))), end: isoDate(lastDay) };
}

/** The instant a period bound means: the date's midnight in Japan. */
export function periodInstantOf(text: string): Date {
  const parts = dateParts(text);
  if (parts === null) throw new Error(`Not a period date: ${text}`);
  return new Date(
    `${isoDate(new Date(Date.UTC(parts[0], parts[1] - 1, parts[2])))}T00:00:00${PERIOD_TIME_ZONE_OFFSET}`,
  );
}

/**
 * Whether a CSV download period lies within one month (CSV_DOWNLOAD_MAX_PERIOD_MONTHS): the exclusive end is at
 * most the same day a month after the start, or the month's last day + 1 when that month is shorter (1 January
 * to 31 January picked is allowed; 31 January to 29 February is not, 31 January to 28 February is).
 */
export function csvPeriodWithinLimit(startAt: string, endAt: string): boolean {
  const start = dateParts(startAt);
  const end = dateParts(endAt);
  if (start === null || end === null) return false;
  const months = start[1] - 1 + CSV_DOWNLOAD_MAX_PERIOD_MONTHS;
  const lastDayOfTarget = new Date(Date.UTC(start[0], months + 1, 0)).getUTCDate();
  const limit = Date.UTC(start[0], months, Math.min(start[2], lastDayOfTarget));
  return Date.UTC(end[0], end[1] - 1, end[2]) <= limit;
}
