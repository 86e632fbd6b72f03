import { STATISTIC_KINDS, type StatisticChartParams, type StatisticKind } from '@spinyard/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContents } from '../../../api/contents.ts';
import { downloadStatisticCsv, useStatisticChart } from '../../../api/statistics.ts';
import { CsvButton } from '../CsvButton.tsx';
import { DayLineChart } from '../DayChart.tsx';
import { FiguresAndChart } from '../FigureCards.tsx';
import { PeriodInputs } from '../PeriodInputs.tsx';
import { defaultPeriod, periodError } from '../period.ts';
import { ReportState, SearchChoice, StatisticsPage } from '../StatisticsLayout.tsx';

const KIND_COLORS: Record<StatisticKind, string> = {
  view: 'blue.7',
  spin: 'teal.7',
  interior_open: 'grape.7',
  hotspot_open: 'orange.8',
};

/** The vehicles the caller sees, for the vehicle choice (the first 300, newest first; searchable). */
function useVehicleChoices(): { value: string; label: string }[] {
  const list = useContents({ page: 1, limit: 300 });
  return useMemo(
    () =>
      (list.data?.items ?? []).map((v) => ({
        value: v.id,
        label: [v.management_id, v.maker, v.car_name].filter(Boolean).join(' '),
      })),
    [list.data],
  );
}

/**
 * /statistic/chart: views, spins, interior and hotspot openings per day of a period of at most one year, over one
 * vehicle or all the caller sees, drawn as lines with the totals above, and the same period as a CSV file.
 */
export function StatisticChartPage() {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState(defaultPeriod);
  const [vehicle, setVehicle] = useState<string | null>(null);
  const vehicles = useVehicleChoices();
  const params: StatisticChartParams = { ...period, ...(vehicle ? { content_ids: [vehicle] } : {}) };
  const error = periodError(params);
  const chart = useStatisticChart(params, error === null);
  const data = chart.data;
  const label = (kind: StatisticKind) => t(`statistics.kinds.${kind}`);
  const number = (n: number) => n.toLocaleString(i18n.language);

  return (
    <StatisticsPage
      testId="statistic-chart-page"
      intro={t('statistics.intro')}
      controls={
        <>
          <PeriodInputs period={period} onChange={setPeriod} error={error} testIdPrefix="statistic" />
          <SearchChoice
            clearable
            keys={['statistics.vehicle', 'statistics.allVehicles', 'statistics.noVehicle']}
            data={vehicles}
            value={vehicle}
            onChange={setVehicle}
            testId="statistic-vehicle"
          />
        </>
      }
      csv={
        <CsvButton
          period={period}
          ready={error === null}
          download={() => downloadStatisticCsv(params)}
          testId="statistic-csv"
          oneMonth={false}
        />
      }
    >
      <ReportState failure={chart.isError ? t('statistics.loadError') : null} blocked={error !== null} loading={!data}>
        {data ? (
          <FiguresAndChart
            testIdPrefix="statistic-total"
            figures={STATISTIC_KINDS.map((kind) => ({
              key: kind,
              label: label(kind),
              value: number(data.totals[kind]),
            }))}
            label={(summary) => t('statistics.chartLabel', { from: data.from, to: data.to, summary })}
          >
            <DayLineChart
              days={data.days}
              series={STATISTIC_KINDS.map((kind) => ({ name: kind, label: label(kind), color: KIND_COLORS[kind] }))}
            />
          </FiguresAndChart>
        ) : null}
      </ReportState>
    </StatisticsPage>
  );
}
