import { Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** The buttons of a long form, kept in view at the bottom of the page while it scrolls. */
export function FormActions({ children }: { children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      shadow="sm"
      style={{ position: 'sticky', bottom: 12, zIndex: 5 }}
      data-testid="form-actions"
    >
      <Group justify="flex-end" gap="sm" wrap="wrap">
        {children}
      </Group>
    </Paper>
  );
}
