import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What a list shows instead of its table when it has no row: the list's icon, why, and what to do next. */
export function ListEmptyState({
  icon: ListIcon,
  message,
  action,
  testId,
}: {
  icon: Icon;
  message: string;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <Center py={48}>
      <Stack align="center" gap="sm" maw={440} ta="center" data-testid={testId}>
        <ThemeIcon size={56} radius="xl" variant="light" color="blue">
          <ListIcon size={30} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>{message}</Text>
        {action}
      </Stack>
    </Center>
  );
}
