import { Button, Group, Text } from '@mantine/core';
import { IconTransfer, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

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
    <Group
      justify="space-between"
      mb="sm"
      p="xs"
      bg="blue.0"
      style={{ borderRadius: 8 }}
      wrap="wrap"
      data-testid="content-bulk-bar"
    >
      <Text size="sm" fw={600}>
        {t('contentsList.bulk.selected', { count })}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Button size="xs" variant="default" onClick={onClear}>
          {t('contentsList.bulk.clear')}
        </Button>
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
        <Button
          size="xs"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={onDelete}
          disabled={!canDelete}
          data-testid="content-bulk-delete"
        >
          {t('contentsList.bulk.delete')}
        </Button>
      </Group>
    </Group>
  );
}
