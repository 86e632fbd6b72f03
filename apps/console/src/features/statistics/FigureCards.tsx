import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChartCard } from './StatisticsLayout.tsx';

export interface Figure {
  key: string;
  label: string;
  value: string;
}

/** A period's totals above its chart, one card per figure (two a row on a phone). */
export function FigureCards({
  figures,
  testIdPrefix,
  cols,
}: {
  figures: Figure[];
  testIdPrefix: string;
  cols: number;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: cols }} spacing="md">
      {figures.map((f) => (
        <Paper key={f.key} withBorder radius="md" p="md" data-testid={`${testIdPrefix}-${f.key}`}>
          <Text size="sm" c="gray.7">
            {f.label}
          </Text>
          <Text size="xl" fw={700} data-testid={`${testIdPrefix}-${f.key}-value`}>
            {f.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * A period's totals and its chart, the chart described for screen readers by `label` from the totals in words
 * (`label` receives them as "name value, name value").
 */
export function FiguresAndChart({
  figures,
  testIdPrefix,
  label,
  children,
}: {
  figures: Figure[];
  testIdPrefix: string;
  label: (summary: string) => string;
  children: ReactNode;
}) {
  return (
    <>
      <FigureCards figures={figures} testIdPrefix={testIdPrefix} cols={figures.length} />
      <ChartCard label={label(figures.map((f) => `${f.label} ${f.value}`).join(', '))}>{children}</ChartCard>
    </>
  );
}
