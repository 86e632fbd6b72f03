import { japanDateOf, type StatisticChartParams, statisticChartQuery } from '@spinyard/domain';

/** The default period: the 30 days up to today (Japan dates, as the server counts them). */
export function defaultPeriod(): { from: string; to: string } {
  const now = new Date();
  return { from: japanDateOf(new Date(now.getTime() - 29 * 86_400_000)), to: japanDateOf(now) };
}

/** The period's error as the page says it, or null when the server would take it. */
export function periodError(params: StatisticChartParams): 'format' | 'order' | 'year' | null {
  const parsed = statisticChartQuery.safeParse(params);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (issue?.path[0] !== 'to' || issue.message.includes('YYYY')) return 'format';
  return params.to < params.from ? 'order' : 'year';
}

/** Whole days from `from` to `to`, both included (the CSV's one-month rule counts them). */
export function periodLength(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
}
