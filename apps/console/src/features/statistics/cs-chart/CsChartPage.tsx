import { type CsReportAnswer, writeCsv } from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListingReport } from '../../../api/listing.ts';
import { saveBlob } from '../../../lib/saveBlob.ts';
import { TestPartnerNote } from '../../listing/TestPartnerNote.tsx';
import { CsvButton } from '../CsvButton.tsx';
import { DayLineChart } from '../DayChart.tsx';
import { PeriodInputs } from '../PeriodInputs.tsx';
import { defaultPeriod, periodError } from '../period.ts';
import { ChartCard, ReportState, StatisticsPage } from '../StatisticsLayout.tsx';

/** The answer's days as the file (written here, no second call), every cell neutralised as every CSV here. */
function downloadCsv(report: CsReportAnswer, header: string[]): void {
  const records = [header, ...report.days.map((d) => [d.day, String(d.views), String(d.inquiries)])];
  saveBlob(new Blob([`\uFEFF${writeCsv(records)}`], { type: 'text/csv' }), `listing-${report.from}-${report.to}.csv`);
}

/**
 * /statistic/cs-chart-cl: the listing site's views and inquiries of the caller's listings per day (the partner's
 * report aggregate), a period of at most one year, and its CSV for at most one month.
 */
export function CsChartPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(defaultPeriod);
  const error = periodError(period);
  const report = useListingReport(period, error === null);
  const series = [
    { name: 'views', label: t('statistics.listing.views'), color: 'blue.7' },
    { name: 'inquiries', label: t('statistics.listing.inquiries'), color: 'orange.8' },
  ];
  const header = [t('statistics.listing.day'), series[0]!.label, series[1]!.label];
  return (
    <StatisticsPage
      testId="cs-chart-page"
      intro={t('statistics.listing.intro')}
      controls={<PeriodInputs period={period} onChange={setPeriod} error={error} testIdPrefix="cs-chart" />}
      csv={
        <CsvButton
          period={period}
          ready={report.data !== undefined}
          download={() => report.data && downloadCsv(report.data, header)}
          testId="cs-chart-csv"
        />
      }
    >
      <TestPartnerNote />
      <ReportState
        failure={report.isError ? t('statistics.listing.loadError') : null}
        blocked={error !== null}
        loading={!report.data}
      >
        {report.data ? (
          <ChartCard label={t('statistics.listing.chartLabel', { from: report.data.from, to: report.data.to })}>
            <DayLineChart days={report.data.days} series={series} />
          </ChartCard>
        ) : null}
      </ReportState>
    </StatisticsPage>
  );
}
