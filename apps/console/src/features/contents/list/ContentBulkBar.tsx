import { Button } from '@mantine/core';
import { IconTransfer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BulkBar, BulkDeleteButton } from '../../../shared/lists/BulkBar.tsx';

/** Shown while vehicles are ticked: how many, and the bulk delete and transfer (each asks first). */
export function ContentBulkBar({
  count,
  canDelete,
  canTransfer,
  transferable,
  onClear,
  onDelete,
  onTransfer,
}: {
  count: number;
  canDelete: boolean;
  /** Whether the caller may transfer at all (the button shows), and whether every ticked vehicle can go now. */
  canTransfer: boolean;
  transferable: boolean;
  onClear: () => void;
  onDelete: () => void;
  onTransfer: () => void;
}) {
  const { t } = useTranslation();
  return (
    <BulkBar
      selectedText={t('contentsList.bulk.selected', { count })}
      clearLabel={t('contentsList.bulk.clear')}
      onClear={onClear}
      bg="blue.0"
      testId="content-bulk-bar"
    >
      {canTransfer ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconTransfer size={14} aria-hidden />}
          onClick={onTransfer}
          disabled={!transferable}
          data-testid="content-bulk-transfer"
        >
          {t('contentsList.bulk.transfer')}
        </Button>
      ) : null}
      <BulkDeleteButton
        label={t('contentsList.bulk.delete')}
        onClick={onDelete}
        disabled={!canDelete}
        testId="content-bulk-delete"
      />
    </BulkBar>
  );
}
