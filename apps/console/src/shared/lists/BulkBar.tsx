import { Button, Group, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ActionButton } from '../../components/ActionButton.tsx';

/** Shown while rows are ticked: how many, a button to untick them all, and the list's bulk actions. */
export function BulkBar({
  selectedText,
  clearLabel,
  onClear,
  bg,
  testId,
  children,
}: {
  selectedText: string;
  clearLabel: string;
  onClear: () => void;
  /** The bar's tint: the colour of its main action. */
  bg: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Group justify="space-between" mb="sm" p="xs" bg={bg} style={{ borderRadius: 8 }} wrap="wrap" data-testid={testId}>
      <Text size="sm" fw={600}>
        {selectedText}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Button size="xs" variant="default" onClick={onClear}>
          {clearLabel}
        </Button>
        {children}
      </Group>
    </Group>
  );
}

/** The bulk bar's delete: it asks for confirmation before anything goes. */
export function BulkDeleteButton({
  label,
  onClick,
  disabled,
  testId,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <ActionButton
      icon={IconTrash}
      iconSize={14}
      size="xs"
      color="red"
      onClick={onClick}
      disabled={disabled}
      testId={testId}
    >
      {label}
    </ActionButton>
  );
}
