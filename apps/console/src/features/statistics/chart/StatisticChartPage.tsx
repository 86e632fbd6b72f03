import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Alert, Card, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { STATISTIC_KINDS, type StatisticChartParams, type StatisticKind } from '@spinyard/domain';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContents } from '../../../api/contents.ts';
import { downloadStatisticCsv, useStatisticChart } from '../../../api/statistics.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { ListSkeleton } from '../../../components/ListSkeleton.tsx';
import { PeriodInputs } from '../PeriodInputs.tsx';
import { defaultPeriod, periodError } from '../period.ts';

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
  const [downloading, setDownloading] = useState(false);
  const vehicles = useVehicleChoices();
  const params: StatisticChartParams = { ...period, ...(vehicle ? { content_ids: [vehicle] } : {}) };
  const error = periodError(params);
  const chart = useStatisticChart(params, error === null);
  const data = chart.data;
  const label = (kind: StatisticKind) => t(`statistics.kinds.${kind}`);
  const number = (n: number) => n.toLocaleString(i18n.language);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadStatisticCsv(params);
    } catch {
      // The client has shown the catalogue's message.
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg" data-testid="statistic-chart-page">
      <Text size="sm">{t('statistics.intro')}</Text>
      <Card withBorder radius="lg" padding="lg">
        <Group gap="md" align="flex-start" wrap="wrap">
          <PeriodInputs period={period} onChange={setPeriod} error={error} testIdPrefix="statistic" />
          <Select
            label={t('statistics.vehicle')}
            placeholder={t('statistics.allVehicles')}
            data={vehicles}
            value={vehicle}
            onChange={setVehicle}
            searchable
            clearable
            nothingFoundMessage={t('statistics.noVehicle')}
            w={{ base: '100%', sm: 320 }}
            data-testid="statistic-vehicle"
          />
        </Group>
        <Group justify="flex-end" mt="md">
          <ActionButton
            icon={IconDownload}
            variant="light"
            onClick={() => void download()}
            loading={downloading}
            disabled={error !== null}
            testId="statistic-csv"
          >
            {t('statistics.csv')}
          </ActionButton>
        </Group>
      </Card>

      {chart.isError ? (
        <Alert color="red" variant="light">
          {t('statistics.loadError')}
        </Alert>
      ) : error !== null ? null : !data ? (
        <ListSkeleton />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            {STATISTIC_KINDS.map((kind) => (
              <Paper key={kind} withBorder radius="md" p="md" data-testid={`statistic-total-${kind}`}>
                <Text size="sm" c="gray.7">
                  {label(kind)}
                </Text>
                <Text size="xl" fw={700} data-testid={`statistic-total-${kind}-value`}>
                  {number(data.totals[kind])}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Card withBorder radius="lg" padding="lg">
            <div
              role="img"
              aria-label={t('statistics.chartLabel', {
                from: data.from,
                to: data.to,
                summary: STATISTIC_KINDS.map((k) => `${label(k)} ${number(data.totals[k])}`).join(', '),
              })}
            >
              <LineChart
                h={320}
                data={data.days}
                dataKey="day"
                withLegend
                curveType="linear"
                withDots={data.days.length <= 62}
                series={STATISTIC_KINDS.map((kind) => ({ name: kind, label: label(kind), color: KIND_COLORS[kind] }))}
                xAxisProps={{ tickFormatter: (day: string) => day.slice(5) }}
                yAxisProps={{ allowDecimals: false }}
              />
            </div>
          </Card>
        </>
      )}
    </Stack>
  );
}
