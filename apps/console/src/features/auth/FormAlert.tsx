import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/**
 * The sentence about a whole form (a refused call, a rate limit), in a `role="alert"` region (an assertive live
 * region), so a screen reader announces it as soon as it appears. Line breaks separate several messages.
 */
export function FormAlert({ message, testId }: { message: string | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      data-testid={testId}
      styles={{ message: { whiteSpace: 'pre-line' } }}
    >
      {message}
    </Alert>
  );
}
