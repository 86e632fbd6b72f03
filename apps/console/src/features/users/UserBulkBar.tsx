import { Button, Group, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

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
    <Group justify="space-between" mb="sm" p="xs" bg="red.0" style={{ borderRadius: 8 }} data-testid="user-bulk-bar">
      <Text size="sm" fw={600}>
        {t('users.bulk.selected', { count })}
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={onClear}>
          {t('users.bulk.clear')}
        </Button>
        <Button
          size="xs"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={onDelete}
          data-testid="user-bulk-delete"
        >
          {t('users.bulk.delete')}
        </Button>
      </Group>
    </Group>
  );
}
