import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogShell } from './DialogShell.tsx';

/** A question before a destructive or lasting action: what happens, then cancel or go ahead. */
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
            onClick={onConfirm}
            loading={loading}
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
