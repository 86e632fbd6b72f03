import { IconTransfer } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { BulkBar, BulkDeleteButton } from '../../../shared/lists/BulkBar.tsx';

/** Shown while vehicles are ticked: how many, and the bulk delete and transfer (each asks first), and `more`. */
export function ContentBulkBar({
  count,
  canDelete,
  canTransfer,
  transferable,
  onClear,
  onDelete,
  onTransfer,
  more,
}: {
  count: number;
  canDelete: boolean;
  /** Whether the caller may transfer at all (the button shows), and whether every ticked vehicle can go now. */
  canTransfer: boolean;
  transferable: boolean;
  onClear: () => void;
  onDelete: () => void;
  onTransfer: () => void;
  /** Other areas' bulk actions (the listing-site link). */
  more?: ReactNode;
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
        <ActionButton
          icon={IconTransfer}
          iconSize={14}
          size="xs"
          variant="light"
          onClick={onTransfer}
          disabled={!transferable}
          testId="content-bulk-transfer"
        >
          {t('contentsList.bulk.transfer')}
        </ActionButton>
      ) : null}
      {more}
      <BulkDeleteButton
        label={t('contentsList.bulk.delete')}
        onClick={onDelete}
        disabled={!canDelete}
        testId="content-bulk-delete"
      />
    </BulkBar>
  );
}
