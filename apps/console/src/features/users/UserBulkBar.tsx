import { useTranslation } from 'react-i18next';
import { BulkBar, BulkDeleteButton } from '../../shared/lists/BulkBar.tsx';

/** Shown while rows are ticked: how many, and the bulk delete that asks for confirmation. */
export function UserBulkBar({
  count,
  onClear,
  onDelete,
}: {
  count: number;
  onClear: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <BulkBar
      selectedText={t('users.bulk.selected', { count })}
      clearLabel={t('users.bulk.clear')}
      onClear={onClear}
      bg="red.0"
      testId="user-bulk-bar"
    >
      <BulkDeleteButton label={t('users.bulk.delete')} onClick={onDelete} testId="user-bulk-delete" />
    </BulkBar>
  );
}
