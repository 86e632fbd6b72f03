import type { LineChartSeries } from '@mantine/charts';
import { Alert } from '@mantine/core';
import type { CsCriteoAnswer } from '@spinyard/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { downloadListingReport, useListingAccounts, useListingCriteo } from '../../../api/listing-reports.ts';
import { CsvButton } from '../CsvButton.tsx';
import { DayLineChart } from '../DayChart.tsx';
import { type Figure, FiguresAndChart } from '../FigureCards.tsx';
import { MasterOnly } from '../MasterOnly.tsx';
import { PeriodInputs } from '../PeriodInputs.tsx';
import { defaultPeriod, periodError } from '../period.ts';
import { ReportState, SearchChoice, StatisticsPage } from '../StatisticsLayout.tsx';

/** The dealers with a listing-site account, as the choice shows them: company, user and their partner login. */
function useDealerChoices(): { value: string; label: string }[] {
  const accounts = useListingAccounts(true);
  return useMemo(
    () =>
      (accounts.data?.items ?? []).map((a) => ({
        value: a.user_id,
        label: `${a.company_name ?? a.domain_host} / ${a.user_name} (${a.login_id})`,
      })),
    [accounts.data],
  );
}

/** The totals as cards, with the click rate and the cost per click worked out from them. */
function figuresOf(data: CsCriteoAnswer, t: (key: string) => string, language: string): Figure[] {
  const { impressions, clicks, cost, conversions } = data.totals;
  const number = (n: number, digits = 0) => n.toLocaleString(language, { maximumFractionDigits: digits });
  const yen = (n: number) => n.toLocaleString(language, { style: 'currency', currency: 'JPY' });
  return [
    { key: 'impressions', label: t('statistics.criteo.impressions'), value: number(impressions) },
    { key: 'clicks', label: t('statistics.criteo.clicks'), value: number(clicks) },
    {
      key: 'ctr',
      label: t('statistics.criteo.ctr'),
      value: impressions > 0 ? `${number((clicks / impressions) * 100, 2)}%` : '-',
    },
    { key: 'cost', label: t('statistics.criteo.cost'), value: yen(cost) },
    { key: 'cpc', label: t('statistics.criteo.cpc'), value: clicks > 0 ? yen(Math.round(cost / clicks)) : '-' },
    { key: 'conversions', label: t('statistics.criteo.conversions'), value: number(conversions) },
  ];
}

/** Why the report could not be read, in the master's terms (the dealer's partner session is the dealer's). */
function failureKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'listing_login_required') return 'statistics.criteo.dealerSignedOut';
  if (code === 'listing_outside_hours') return 'statistics.criteo.outsideHours';
  return 'statistics.criteo.loadError';
}

function CriteoPage() {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState(defaultPeriod);
  const [dealer, setDealer] = useState<string | null>(null);
  const dealers = useDealerChoices();
  const error = periodError(period);
  const params = { ...period, user_id: dealer ?? '' };
  const report = useListingCriteo(params, error === null && dealer !== null);
  const data = report.data;
  const series = [
    { name: 'impressions', label: t('statistics.criteo.impressions'), color: 'blue.7' },
    { name: 'clicks', label: t('statistics.criteo.clicks'), color: 'orange.8', yAxisId: 'right' },
    { name: 'conversions', label: t('statistics.criteo.conversions'), color: 'teal.8', yAxisId: 'right' },
  ] satisfies LineChartSeries[];
  return (
    <StatisticsPage
      testId="cs-criteo-page"
      intro={t('statistics.criteo.intro')}
      controls={
        <>
          <SearchChoice
            keys={['statistics.criteo.dealer', 'statistics.criteo.chooseDealer', 'statistics.criteo.noDealer']}
            data={dealers}
            value={dealer}
            onChange={setDealer}
            testId="cs-criteo-dealer"
          />
          <PeriodInputs period={period} onChange={setPeriod} error={error} testIdPrefix="cs-criteo" />
        </>
      }
      csv={
        <CsvButton
          period={period}
          ready={data !== undefined}
          download={() => downloadListingReport('criteo', params)}
          testId="cs-criteo-csv"
        />
      }
    >
      {dealer === null ? (
        <Alert color="blue" variant="light" data-testid="cs-criteo-choose">
          {t('statistics.criteo.chooseFirst')}
        </Alert>
      ) : (
        <ReportState
          failure={report.isError ? t(failureKey(report.error)) : null}
          blocked={error !== null}
          loading={!data}
        >
          {data ? (
            <FiguresAndChart
              testIdPrefix="cs-criteo-total"
              figures={figuresOf(data, t, i18n.language)}
              label={() => t('statistics.criteo.chartLabel', { from: data.from, to: data.to })}
            >
              <DayLineChart days={data.days} series={series} />
            </FiguresAndChart>
          ) : null}
        </ReportState>
      )}
    </StatisticsPage>
  );
}

/**
 * /statistic/cs-criteo-chart (master): the listing site's advertising of one dealer's listings (its Criteo
 * retargeting: ads shown, clicks, cost, inquiries from an ad) per day of a period of at most a year, read from the
 * partner with the dealer's own account; the totals with the click rate and cost per click, and a CSV of a month.
 */
export function CsCriteoPage() {
  return (
    <MasterOnly>
      <CriteoPage />
    </MasterOnly>
  );
}
