import { Button, Group, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BUSY_LOADER_COLOR, busyProps } from '../shared/buttons/busy.ts';
import { DialogShell } from './DialogShell.tsx';

/**
 * A question before a destructive or lasting action: what happens, then cancel or go ahead. While the action runs,
 * the go-ahead button shows a spinner and refuses clicks but keeps keyboard focus (shared/buttons/busy.ts).
 */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  loading = false,
  confirmDisabled = false,
  color = 'red',
  testId,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  confirmDisabled?: boolean;
  color?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <DialogShell opened={opened} onClose={loading ? () => undefined : onClose} title={title}>
      <Stack gap="md" data-testid={testId}>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('domains.common.cancel')}
          </Button>
          <Button
            color={color}
            {...busyProps(loading, onConfirm)}
            leftSection={loading ? <Loader size={16} color={BUSY_LOADER_COLOR} /> : undefined}
            disabled={confirmDisabled}
            data-testid={testId ? `${testId}-confirm` : undefined}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </DialogShell>
  );
}
