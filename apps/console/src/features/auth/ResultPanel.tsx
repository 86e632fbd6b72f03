import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconMailForward } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const ICONS = {
  success: { Icon: IconCircleCheck, color: 'green' },
  info: { Icon: IconInfoCircle, color: 'blue' },
  mail: { Icon: IconMailForward, color: 'blue' },
  problem: { Icon: IconAlertTriangle, color: 'orange' },
} as const;

/**
 * The outcome of opening a mailed link or sending a request (activated, link expired, mail sent): an icon, the
 * sentence in a live region so it is read out when it replaces the spinner, then what to do next.
 */
export function ResultPanel({
  tone,
  message,
  children,
  testId,
}: {
  tone: keyof typeof ICONS;
  message: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  const { Icon, color } = ICONS[tone];
  return (
    <Stack gap="lg" data-testid={testId} data-tone={tone}>
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color={color}>
          <Icon size={30} aria-hidden />
        </ThemeIcon>
        <Text ta="center" role={tone === 'problem' ? 'alert' : 'status'}>
          {message}
        </Text>
      </Stack>
      {children}
    </Stack>
  );
}
