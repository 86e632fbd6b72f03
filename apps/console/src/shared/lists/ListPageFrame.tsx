import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of a list screen: one card whose head holds the search and filters (left, growing) and the screen's
 * buttons (right), the list under it, and beside the card what the list opens (confirmations, dialogs).
 */
export function ListPageFrame({
  maw,
  tools,
  actions,
  children,
  outside,
}: {
  maw: number;
  /** The search box and the filters, bottom-aligned so labelled and unlabelled fields sit on one line. */
  tools: ReactNode;
  actions: ReactNode;
  children: ReactNode;
  outside?: ReactNode;
}) {
  return (
    <Stack gap="lg" maw={maw} mx="auto">
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" gap="md" mb="md" wrap="wrap" align="flex-end">
          <Group gap="sm" wrap="wrap" align="flex-end" style={{ flex: '1 1 20rem' }}>
            {tools}
          </Group>
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        </Group>
        {children}
      </Card>
      {outside}
    </Stack>
  );
}

/** Said when a search holds several comma-separated keywords: the server matches every one of them. */
export function ListKeywordsNote({ count, text, testId }: { count: number; text: string; testId: string }) {
  if (count <= 1) return null;
  return (
    <Text size="sm" c="gray.7" mb="sm" data-testid={testId}>
      {text}
    </Text>
  );
}
