import { z } from 'zod';
import { idSchema } from './common.ts';
import { csvPeriodWithinLimit } from './contents-list.ts';
import { LINK_EVENT_KINDS, LINK_STATISTICS } from './listing.ts';
import { statisticChartQuery } from './statistics.ts';

/**
 * The master's listing reports (issue 22, the statistics submenu's master entries; second document section 7,
 * `/cs/report/...`): `/statistic/cs-chart`, the link statistics of every dealer with a partner account per company
 * and per day, and `/statistic/cs-criteo-chart`, the partner's advertising (Criteo retargeting) report of one
 * dealer's account. Periods are the chart's (at most one year); their CSV files at most one month, as every CSV
 * download of the product (csvPeriodWithinLimit).
 */

/** A chart period: two Japan dates, both included, at most a year apart (the statistics chart's rule). */
export const csPeriodQuery = statisticChartQuery;

/** Whether a period may go to a CSV file (at most one month; the vehicle list's CSV rule). */
export const csvDaysWithinLimit = (from: string, to: string): boolean => csvPeriodWithinLimit(from, to);

const oneMonth = (q: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (q.to >= q.from && !csvDaysWithinLimit(q.from, q.to)) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'The CSV download period must be one month or shorter.',
      params: { rule: 'range' },
    });
  }
};

/** A CSV period: the chart's, and at most one month (`to` named with rule range past it). */
export const csCsvQuery = csPeriodQuery.superRefine(oneMonth);

/** A whole number per name: the figures of a day or a total. */
const counts = <K extends string>(names: readonly K[]) =>
  z.object(Object.fromEntries(names.map((k) => [k, z.number().int().min(0)])) as Record<K, z.ZodNumber>);

/** A report over a period: every day of it, zeros included, and the period's totals. */
const periodReport = <D extends z.ZodType, T extends z.ZodType>(day: D, totals: T) =>
  z.object({ from: z.string(), to: z.string(), days: z.array(day), totals });

/** The five event figures of a period (remaining is a state, not an event: it is counted now). */
const eventCounts = counts(LINK_EVENT_KINDS);
const allCounts = counts(LINK_STATISTICS);

/** One company of the master's view: its dealers' partner accounts and their link figures over the period. */
export const csOverviewCompany = z.object({
  company_id: idSchema.nullable(),
  company_name: z.string().nullable(),
  domain_host: z.string(),
  /** Users of the company with a partner account (signed in or not). */
  accounts: z.number().int(),
  ...allCounts.shape,
});
export type CsOverviewCompany = z.output<typeof csOverviewCompany>;

export const csOverviewDay = eventCounts.extend({ day: z.string() });
export type CsOverviewDay = z.output<typeof csOverviewDay>;

/** Every day of the period summed over the companies, and each company with a partner account, the busiest first. */
export const csOverviewAnswer = periodReport(csOverviewDay, allCounts).extend({
  companies: z.array(csOverviewCompany),
});
export type CsOverviewAnswer = z.output<typeof csOverviewAnswer>;

/** The CSV of the master's view: one line per company and day with any event. */
export const CS_OVERVIEW_CSV_HEADER = ['date', 'domain', 'company_id', 'company_name', ...LINK_EVENT_KINDS] as const;

/** A dealer's partner account, for the advertising report's choice (master). */
export const csReportAccount = z.object({
  user_id: idSchema,
  user_name: z.string(),
  login_id: z.string(),
  signed_in: z.boolean(),
  company_name: z.string().nullable(),
  domain_host: z.string(),
});
export const csReportAccountsAnswer = z.object({ items: z.array(csReportAccount) });
export type CsReportAccountsAnswer = z.output<typeof csReportAccountsAnswer>;

/** The advertising report of one dealer's partner account (the dealer by their user id). */
export const csCriteoQuery = csPeriodQuery.and(z.object({ user_id: idSchema }));
export const csCriteoCsvQuery = csCsvQuery.and(z.object({ user_id: idSchema }));

export const CRITEO_FIGURES = ['impressions', 'clicks', 'cost', 'conversions'] as const;
export type CriteoFigure = (typeof CRITEO_FIGURES)[number];
const criteoCounts = counts(CRITEO_FIGURES);

/** One day of the partner's advertising: ads shown, clicks, the cost in yen, inquiries that came from an ad. */
export const csCriteoDay = criteoCounts.extend({ day: z.string() });
export type CsCriteoDay = z.output<typeof csCriteoDay>;
export const csCriteoAnswer = periodReport(csCriteoDay, criteoCounts);
export type CsCriteoAnswer = z.output<typeof csCriteoAnswer>;

export const CS_CRITEO_CSV_HEADER = ['date', ...CRITEO_FIGURES] as const;

/** A report file's name: what it holds and its period, as the statistics CSV names them. */
export const csReportFileName = (what: string, from: string, to: string): string =>
  `${what}_${from.replaceAll('-', '')}_${to.replaceAll('-', '')}.csv`;
