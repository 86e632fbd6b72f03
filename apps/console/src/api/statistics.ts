import {
  type StatisticChartAnswer,
  type StatisticChartParams,
  statisticChartQuery,
  statisticCsvFileName,
} from '@spinyard/domain';
import { saveBlob } from '../lib/saveBlob.ts';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { useListQuery } from './listQuery.ts';

/** The address form of a chart query: the vehicles as one comma-separated list. */
function queryOf(params: StatisticChartParams): Record<string, string> {
  const q = statisticChartQuery.parse(params);
  return {
    from: q.from,
    to: q.to,
    ...(q.content_ids && q.content_ids.length > 0 ? { content_ids: q.content_ids.join(',') } : {}),
  };
}

export const statisticKeys = {
  chart: (params: StatisticChartParams) => ['statistics', 'chart', params] as const,
};

/** `GET /statistics/chart`: only asked with a valid period (the page checks it with the same schema first). */
export function useStatisticChart(params: StatisticChartParams, enabled: boolean) {
  return useListQuery(
    statisticKeys.chart(params),
    () => apiGet<StatisticChartAnswer>(`${CONTENT_API_BASE}/statistics/chart`, { query: queryOf(params) }),
    { staleTime: 30_000, enabled },
  );
}

/** `GET /statistics/chart/csv` as a file the browser saves. */
export async function downloadStatisticCsv(params: StatisticChartParams): Promise<void> {
  const query = queryOf(params);
  const { data } = await apiRequest<Blob>(`${CONTENT_API_BASE}/statistics/chart/csv`, { query, as: 'blob' });
  saveBlob(data, statisticCsvFileName(query.from ?? '', query.to ?? ''));
}
