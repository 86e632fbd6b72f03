import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BulkBar } from '../../shared/lists/BulkBar.tsx';

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
      <Button
        size="xs"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={onDelete}
        data-testid="user-bulk-delete"
      >
        {t('users.bulk.delete')}
      </Button>
    </BulkBar>
  );
}
