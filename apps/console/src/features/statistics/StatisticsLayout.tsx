import { Alert, Card, Group, Select, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../components/ListSkeleton.tsx';

/**
 * The frame every statistics page shares: what it shows in a sentence, the card of its choices (period, vehicle or
 * dealer) with the CSV button under them, then the figures.
 */
export function StatisticsPage({
  testId,
  intro,
  controls,
  csv,
  children,
}: {
  testId: string;
  intro: string;
  controls: ReactNode;
  csv: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" data-testid={testId}>
      <Text size="sm">{intro}</Text>
      <Card withBorder radius="lg" padding="lg">
        <Group gap="md" align="flex-start" wrap="wrap">
          {controls}
        </Group>
        {csv}
      </Card>
      {children}
    </Stack>
  );
}

/**
 * The figures' place: the failure in words, nothing while the choices are wrong (their errors say why), a skeleton
 * while they come, then the figures.
 */
export function ReportState({
  failure,
  blocked,
  loading,
  children,
}: {
  /** The failure's text, null when the report did not fail. */
  failure: string | null;
  blocked: boolean;
  loading: boolean;
  children: ReactNode;
}) {
  if (failure !== null) {
    return (
      <Alert color="red" variant="light" data-testid="statistics-failure">
        {failure}
      </Alert>
    );
  }
  if (blocked) return null;
  return loading ? <ListSkeleton /> : children;
}

/** A chart in its card, described in words for screen readers (the chart itself is drawn for eyes only). */
export function ChartCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <div role="img" aria-label={label}>
        {children}
      </div>
    </Card>
  );
}

/** A company as the statistics tables show it: its name (or the words for none), its domain's host under it. */
export function CompanyAndHost({ name, host }: { name: string; host: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{name}</Text>
      <Text size="xs" c="gray.7">
        {host}
      </Text>
    </Stack>
  );
}

/**
 * A searchable choice of what the figures are about (a vehicle, a dealer): its label, the prompt when none is
 * chosen and the words when a search finds nothing, as catalogue keys.
 */
export function SearchChoice({
  keys,
  data,
  value,
  onChange,
  testId,
  clearable = false,
}: {
  keys: [label: string, prompt: string, nothingFound: string];
  data: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  testId: string;
  clearable?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t(keys[0])}
      placeholder={t(keys[1])}
      nothingFoundMessage={t(keys[2])}
      {...{ data, value, onChange, clearable }}
      searchable
      w={{ base: '100%', sm: 360 }}
      data-testid={testId}
    />
  );
}
