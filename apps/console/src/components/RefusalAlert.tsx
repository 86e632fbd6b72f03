import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/**
 * Why the server refused a dialog's action, inside the dialog (an assertive live region, so a screen reader reads it
 * at once); nothing while there is no refusal.
 */
export function RefusalAlert({ refusal, testId }: { refusal: string | null | undefined; testId?: string }) {
  if (!refusal) return null;
  return (
    <Alert color="red" role="alert" icon={<IconAlertCircle size={16} aria-hidden />} data-testid={testId}>
      {refusal}
    </Alert>
  );
}
