import { z } from 'zod';
import { CHART_MAX_PERIOD_YEARS } from '../constants.ts';
import { idSchema } from './common.ts';
import { ruleIssue } from './field-errors.ts';

/**
 * Statistics (issue 10, point 5): what the viewer records per vehicle per day, and the chart of `/statistic/chart`.
 *
 * Readings (copied to docs/decisions.md):
 * - Four kinds: a view (the viewer opened), a spin (the exterior turned by the buyer), an interior opened and a
 *   hotspot opened. A hotspot's id may come with its opening; it is accepted and not counted apart (yet).
 * - A vehicle is named by its id or its short id (exactly one of them).
 * - One visitor (no cookie: a keyed hash of IP, user agent and day) counts at most VISITOR_DAILY_LIMITS of a kind per
 *   vehicle per day: one view, a few spins and openings. A flood from one visitor counts that many, no more.
 * - Days are Japan dates (the service's time zone, like every period of the product). The chart's period is two
 *   dates, both included, at most CHART_MAX_PERIOD_YEARS apart (1 January 2026 to 1 January 2027 is allowed,
 *   to 2 January is not; from 29 February the limit is 28 February of the next year).
 * - The chart answers every day of the period, zeros included, summed over the chosen vehicles (or all the caller
 *   sees when none is chosen); the CSV has a line per vehicle and day with any count.
 */

/**
 * Where the viewer posts its events (`navigator.sendBeacon(STATISTIC_EVENT_PATH, JSON.stringify(event))`), on the
 * origin that served it. No word that common ad-block lists match ("analytics", "track", "stats", "beacon",
 * "collect", "event", "pixel", "log") is in it.
 */
export const STATISTIC_EVENT_PATH = '/api/viewer/v0/moments';

export const STATISTIC_KINDS = ['view', 'spin', 'interior_open', 'hotspot_open'] as const;
export type StatisticKind = (typeof STATISTIC_KINDS)[number];

/** At most this many events of a kind count per visitor, vehicle and day. */
export const VISITOR_DAILY_LIMITS: Readonly<Record<StatisticKind, number>> = {
  view: 1,
  spin: 5,
  interior_open: 5,
  hotspot_open: 20,
};

/** A short id as the publishing area makes them: letters, digits, `-` and `_`. */
const shortId = z
  .string()
  .min(4)
  .max(32)
  .refine((v) => /^[A-Za-z0-9_-]+$/.test(v), ruleIssue('format', 'A short id is letters, digits, - and _.'));

/** The body the viewer posts (as JSON, or as the text of a `navigator.sendBeacon` call). */
export const statisticEventBody = z
  .object({
    content_id: idSchema.optional(),
    short_id: shortId.optional(),
    kind: z.enum(STATISTIC_KINDS),
    hotspot_id: idSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.content_id === undefined) === (body.short_id === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['content_id'],
        message: 'Name the vehicle by its id or its short id.',
        params: { rule: 'required' },
      });
    }
    if (body.hotspot_id !== undefined && body.kind !== 'hotspot_open') {
      ctx.addIssue({
        code: 'custom',
        path: ['hotspot_id'],
        message: 'A hotspot id goes with a hotspot opening only.',
        params: { rule: 'requires' },
      });
    }
  });
export type StatisticEventBody = z.output<typeof statisticEventBody>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `YYYY-MM-DD` is a date that exists. */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 2000;
}

const dateSchema = z.string().trim().refine(isCalendarDate, ruleIssue('format', 'Use a date as YYYY-MM-DD.'));

const utcOf = (text: string): number => {
  const [y, mo, d] = text.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, mo - 1, d);
};
const isoOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The last day a period from `from` may end on: the same day CHART_MAX_PERIOD_YEARS later (28 Feb for 29 Feb). */
export function chartPeriodLastDay(from: string): string {
  const [y, mo, d] = from.split('-').map(Number) as [number, number, number];
  const year = y + CHART_MAX_PERIOD_YEARS;
  const lastOfMonth = new Date(Date.UTC(year, mo, 0)).getUTCDate();
  return isoOf(Date.UTC(year, mo - 1, Math.min(d, lastOfMonth)));
}

/** Every date of a period, both ends included. */
export function periodDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = utcOf(from); ms <= utcOf(to); ms += 86_400_000) days.push(isoOf(ms));
  return days;
}

/** Japan's date of an instant (Japan keeps UTC+9 without daylight saving). */
export function japanDateOf(instant: Date): string {
  return isoOf(instant.getTime() + 9 * 3600_000);
}

/** At most this many vehicles chosen at once. */
export const CHART_MAX_VEHICLES = 100;

/** `content_ids` in an address is a comma-separated list; an array is taken as it is. */
const idList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '')
      : v,
  z.array(idSchema).max(CHART_MAX_VEHICLES),
);

export const statisticChartQuery = z
  .object({
    from: dateSchema,
    to: dateSchema,
    /** The vehicles; absent or empty: every vehicle the caller sees. */
    content_ids: idList.optional(),
  })
  .superRefine((q, ctx) => {
    if (!isCalendarDate(q.from) || !isCalendarDate(q.to)) return;
    if (q.to < q.from) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end date cannot be before the start date.',
        params: { rule: 'range' },
      });
    } else if (q.to > chartPeriodLastDay(q.from)) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The period can be at most one year.',
        params: { rule: 'range' },
      });
    }
  });
export type StatisticChartQuery = z.output<typeof statisticChartQuery>;
export type StatisticChartParams = z.input<typeof statisticChartQuery>;

const counts = {
  view: z.number().int(),
  spin: z.number().int(),
  interior_open: z.number().int(),
  hotspot_open: z.number().int(),
};

export const statisticDay = z.object({ day: z.string(), ...counts });
export type StatisticDay = z.output<typeof statisticDay>;

export const statisticChartAnswer = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(statisticDay),
  totals: z.object(counts),
});
export type StatisticChartAnswer = z.output<typeof statisticChartAnswer>;

/** The CSV download's header: one line per vehicle and day with any count. */
export const STATISTIC_CSV_HEADER = [
  'date',
  'content_id',
  'management_id',
  'maker',
  'car_name',
  ...STATISTIC_KINDS,
] as const;

export function statisticCsvFileName(from: string, to: string): string {
  return `statistics_${from.replaceAll('-', '')}_${to.replaceAll('-', '')}.csv`;
}
