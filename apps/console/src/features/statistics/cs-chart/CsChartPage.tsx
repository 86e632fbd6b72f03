import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { CsReportAnswer } from '@spinyard/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListingReport } from '../../../api/listing.ts';
import { ListSkeleton } from '../../../components/ListSkeleton.tsx';
import { PeriodInputs } from '../PeriodInputs.tsx';
import { defaultPeriod, periodError, periodLength } from '../period.ts';

/** The CSV covers at most one month (second document section 5: "CSV download period within 1 month"). */
const CSV_MAX_DAYS = 31;

function downloadCsv(report: CsReportAnswer, header: string[]): void {
  const lines = [header.join(','), ...report.days.map((d) => `${d.day},${d.views},${d.inquiries}`)];
  const url = URL.createObjectURL(new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv' }));
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: `listing-${report.from}-${report.to}.csv`,
  });
  link.click();
  URL.revokeObjectURL(url);
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
  const tooLong = periodLength(period.from, period.to) > CSV_MAX_DAYS;
  const series = [
    { name: 'views', label: t('statistics.listing.views'), color: 'blue.7' },
    { name: 'inquiries', label: t('statistics.listing.inquiries'), color: 'orange.8' },
  ];
  return (
    <Stack gap="lg" data-testid="cs-chart-page">
      <Text size="sm">{t('statistics.listing.intro')}</Text>
      <Card withBorder radius="lg" padding="lg">
        <Group gap="md" align="flex-start" wrap="wrap">
          <PeriodInputs period={period} onChange={setPeriod} error={error} testIdPrefix="cs-chart" />
        </Group>
        <Group justify="flex-end" mt="md" gap="sm">
          {tooLong ? (
            <Text size="sm" c="gray.7">
              {t('statistics.listing.csvTooLong')}
            </Text>
          ) : null}
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={!report.data || tooLong}
            onClick={() =>
              report.data && downloadCsv(report.data, [t('statistics.listing.day'), series[0]!.label, series[1]!.label])
            }
          >
            {t('statistics.csv')}
          </Button>
        </Group>
      </Card>
      {report.isError ? (
        <Alert color="red" variant="light">
          {t('statistics.listing.loadError')}
        </Alert>
      ) : error !== null ? null : !report.data ? (
        <ListSkeleton />
      ) : (
        <Card withBorder radius="lg" padding="lg">
          <div
            role="img"
            aria-label={t('statistics.listing.chartLabel', { from: report.data.from, to: report.data.to })}
          >
            <LineChart
              h={320}
              data={report.data.days}
              dataKey="day"
              withLegend
              curveType="linear"
              series={series}
              withDots={report.data.days.length <= 62}
              xAxisProps={{ tickFormatter: (day: string) => day.slice(5) }}
              yAxisProps={{ allowDecimals: false }}
            />
          </div>
        </Card>
      )}
    </Stack>
  );
}
