import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';

/**
 * The exterior panel's question before a delete (a frame, a row, the whole spin): one label for the button, and the
 * dialog closes once the delete has run, whether it succeeded or not, since `onConfirm` shows its own error.
 */
export function DeleteConfirm({
  opened,
  title,
  text,
  loading,
  onClose,
  onConfirm,
  testId,
}: {
  opened: boolean;
  title: string;
  text: string;
  loading: boolean;
  onClose: () => void;
  /** Runs the delete; never rejects (the caller reports a failure itself). */
  onConfirm: () => Promise<void>;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={opened}
      title={title}
      confirmLabel={t('exterior.frames.deleteConfirm')}
      loading={loading}
      onClose={onClose}
      onConfirm={() => void onConfirm().then(onClose)}
      testId={testId}
    >
      <Text size="sm">{text}</Text>
    </ConfirmModal>
  );
}
