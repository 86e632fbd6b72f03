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
