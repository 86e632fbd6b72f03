import { Group, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

/**
 * A sentence that reports something done (a device logged out, a mail sent), in a polite live region that is
 * always in the page, so a screen reader reads it when it appears without interrupting.
 */
export function LiveStatus({ message, testId }: { message: string | undefined; testId?: string }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {message ? (
        <Group gap={8} wrap="nowrap" p="sm" bg="green.0" style={{ borderRadius: 8 }} data-testid={testId}>
          <IconCircleCheck size={18} aria-hidden color="var(--mantine-color-green-8)" style={{ flex: 'none' }} />
          <Text size="sm">{message}</Text>
        </Group>
      ) : null}
    </div>
  );
}
