import { Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../components/formatDateTime.ts';
import { currentLocale } from '../../i18n/locale.ts';

/** A date and time cell of a list, in the page's language; `fallback` when there is none (never signed in). */
export function DateCell({ value, fallback }: { value: string | null; fallback?: string }) {
  return (
    <Table.Td>
      <Text size="sm" c="gray.7">
        {formatDateTime(value, currentLocale()) || fallback}
      </Text>
    </Table.Td>
  );
}

/** The last cell of a row: its actions, kept on one line at the row's end. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <Table.Td>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {children}
      </Group>
    </Table.Td>
  );
}
