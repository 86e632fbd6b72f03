import { z } from 'zod';
import { ruleIssue } from './field-errors.ts';

/**
 * `GET /contents_report` (second document, section 7: month, report_type, sleep, load_from_s3): the vehicles a
 * caller sees in one month, as a CSV.
 *
 * Readings (copied to docs/decisions.md):
 * - A month is a calendar month in Japan's time zone (the service's): 2026-03 runs from 1 March 00:00 JST to
 *   1 April 00:00 JST.
 * - `detail` has one line per vehicle that existed in the month (created before its end, not permanently deleted
 *   before its start); `summary` one line per owner of those vehicles. The default is `summary`.
 * - `sleep=1` includes vehicles that were sleeping at the month's end; without it they are left out of both
 *   types (lines and counts). The summary's `sleeping` column is there in both cases so the format never changes.
 * - `load_from_s3` is accepted and ignored: the report is computed from the live rows at each request; there is
 *   no precomputed file to load.
 * - Headers are English keys, as in the vehicle CSV, so a file reads the same whatever the user's language.
 */

export const CONTENTS_REPORT_TYPES = ['detail', 'summary'] as const;
export type ContentsReportType = (typeof CONTENTS_REPORT_TYPES)[number];

const MONTH_PATTERN = /^(19|20|21)\d\d-(0[1-9]|1[0-2])$/;

/** `YYYY-MM`, required. */
export const reportMonthSchema = z
  .string()
  .trim()
  .min(1)
  .refine((v) => MONTH_PATTERN.test(v), ruleIssue('format', 'Use YYYY-MM.'));

const zeroOrOne = z.enum(['0', '1']);

export const contentsReportQuery = z.object({
  month: reportMonthSchema,
  report_type: z.enum(CONTENTS_REPORT_TYPES).default('summary'),
  sleep: zeroOrOne.default('0'),
  /** Accepted for the console's sake and ignored (see the readings above). */
  load_from_s3: z.string().max(10).optional(),
});
export type ContentsReportQuery = z.output<typeof contentsReportQuery>;
export type ContentsReportParams = z.input<typeof contentsReportQuery>;

export const CONTENTS_REPORT_DETAIL_HEADER = [
  'id',
  'management_id',
  'maker',
  'car_name',
  'owner',
  'publication',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

export const CONTENTS_REPORT_SUMMARY_HEADER = [
  'owner_id',
  'owner',
  'registered',
  'created',
  'deleted',
  'published',
  'sleeping',
] as const;

export function contentsReportHeader(type: ContentsReportType): readonly string[] {
  return type === 'detail' ? CONTENTS_REPORT_DETAIL_HEADER : CONTENTS_REPORT_SUMMARY_HEADER;
}

export function contentsReportFileName(month: string, type: ContentsReportType): string {
  return `contents_report_${month}_${type}.csv`;
}

/** Japan has kept UTC+9 without daylight saving since 1951. */
const JST_OFFSET_MS = 9 * 3600_000;

/** The instants a report month covers: `[start, end)`. `month` must be valid (see reportMonthSchema). */
export function reportMonthRange(month: string): { start: Date; end: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return {
    start: new Date(Date.UTC(year, monthNumber - 1, 1) - JST_OFFSET_MS),
    end: new Date(Date.UTC(year, monthNumber, 1) - JST_OFFSET_MS),
  };
}

/** The month `now` falls in, in Japan's time zone: what the report dialog offers first. */
export function currentReportMonth(now: Date = new Date()): string {
  return new Date(now.getTime() + JST_OFFSET_MS).toISOString().slice(0, 7);
}
