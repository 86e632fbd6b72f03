import { Card, Table, Text } from '@mantine/core';
import { type CsOverviewCompany, LINK_EVENT_KINDS, LINK_STATISTICS, type LinkStatistic } from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadListingReport, useListingOverview } from '../../../api/listing-reports.ts';
import { ListTable } from '../../../components/ListTable.tsx';
import { CsvButton } from '../CsvButton.tsx';
import { DayBarChart } from '../DayChart.tsx';
import { FiguresAndChart } from '../FigureCards.tsx';
import { MasterOnly } from '../MasterOnly.tsx';
import { PeriodInputs } from '../PeriodInputs.tsx';
import { defaultPeriod, periodError } from '../period.ts';
import { CompanyAndHost, ReportState, StatisticsPage } from '../StatisticsLayout.tsx';

const EVENT_COLORS: Record<(typeof LINK_EVENT_KINDS)[number], string> = {
  new: 'blue.7',
  republished: 'teal.7',
  unpublished: 'gray.6',
  deleted: 'orange.8',
  failed: 'red.8',
};

function CompanyRow({ company, number }: { company: CsOverviewCompany; number: (n: number) => string }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="cs-overview-row">
      <Table.Td>
        <CompanyAndHost name={company.company_name ?? t('statistics.overview.noCompany')} host={company.domain_host} />
      </Table.Td>
      <Table.Td>{number(company.accounts)}</Table.Td>
      {LINK_STATISTICS.map((k) => (
        <Table.Td key={k}>{number(company[k])}</Table.Td>
      ))}
      <Table.Td />
    </Table.Tr>
  );
}

/** The companies, the busiest first; a card per company on a phone. */
function CompanyTable({
  companies,
  dimmed,
  number,
}: {
  companies: CsOverviewCompany[];
  dimmed: boolean;
  number: (n: number) => string;
}) {
  const { t } = useTranslation();
  const columns = [
    t('statistics.overview.company'),
    t('statistics.overview.accounts'),
    ...LINK_STATISTICS.map((k) => t(`listing.stats.${k}`)),
  ];
  return (
    <Card withBorder radius="lg" padding="lg">
      {companies.length === 0 ? (
        <Text c="gray.7" ta="center" py="xl" data-testid="cs-overview-empty">
          {t('statistics.overview.empty')}
        </Text>
      ) : (
        <ListTable
          minWidth={860}
          testId="cs-overview-table"
          columns={columns}
          actionsLabel={t('statistics.overview.tableLabel')}
          dimmed={dimmed}
        >
          {companies.map((c) => (
            <CompanyRow key={`${c.company_id}|${c.domain_host}`} company={c} number={number} />
          ))}
        </ListTable>
      )}
    </Card>
  );
}

function OverviewPage() {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState(defaultPeriod);
  const error = periodError(period);
  const report = useListingOverview(period, error === null);
  const data = report.data;
  const label = (k: LinkStatistic) => t(`listing.stats.${k}`);
  const number = (n: number) => n.toLocaleString(i18n.language);
  return (
    <StatisticsPage
      testId="cs-overview-page"
      intro={t('statistics.overview.intro')}
      controls={<PeriodInputs period={period} onChange={setPeriod} error={error} testIdPrefix="cs-overview" />}
      csv={
        <CsvButton
          period={period}
          ready={error === null}
          download={() => downloadListingReport('all', period)}
          testId="cs-overview-csv"
        />
      }
    >
      <ReportState
        failure={report.isError ? t('statistics.overview.loadError') : null}
        blocked={error !== null}
        loading={!data}
      >
        {data ? (
          <>
            <FiguresAndChart
              testIdPrefix="cs-overview-total"
              figures={LINK_STATISTICS.map((k) => ({ key: k, label: label(k), value: number(data.totals[k]) }))}
              label={(summary) => t('statistics.overview.chartLabel', { from: data.from, to: data.to, summary })}
            >
              <DayBarChart
                days={data.days}
                series={LINK_EVENT_KINDS.map((k) => ({ name: k, label: label(k), color: EVENT_COLORS[k] }))}
              />
            </FiguresAndChart>
            <CompanyTable companies={data.companies} dimmed={report.isFetching} number={number} />
          </>
        ) : null}
      </ReportState>
    </StatisticsPage>
  );
}

/**
 * /statistic/cs-chart (master): the link statistics of every dealer with a listing-site account, per company and per
 * day of a period of at most a year (remaining now; new, republished, unpublished, deleted and failed in the
 * period), drawn as stacked bars with the totals above and a table per company, and a CSV of at most a month.
 */
export function CsOverviewPage() {
  return (
    <MasterOnly>
      <OverviewPage />
    </MasterOnly>
  );
}
