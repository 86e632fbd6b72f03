import { Text } from '@mantine/core';
import type { ContentListItem } from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteContents } from '../../../api/contents.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { RefusalAlert } from '../../../components/RefusalAlert.tsx';
import { actionErrorText } from '../actions/ContentActionsMenu.tsx';

/** Asks before deleting the ticked vehicles, and shows the server's refusal in place. */
export function ContentBulkDelete({
  opened,
  chosen,
  onClose,
  onDone,
}: {
  opened: boolean;
  chosen: readonly ContentListItem[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const deleteMany = useDeleteContents();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [wasOpened, setWasOpened] = useState(opened);
  // Each opening starts without the last one's refusal.
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setRefusal(null);
  }

  const bulkDelete = async () => {
    setRefusal(null);
    try {
      await deleteMany.mutateAsync(chosen.map((c) => c.id));
      notifySuccess(t('contentsList.bulk.deleteDone', { count: chosen.length }));
      onDone();
    } catch (error) {
      setRefusal(actionErrorText(error, t('errors.general_error')));
    }
  };

  return (
    <ConfirmModal
      opened={opened}
      title={t('contentsList.bulk.deleteTitle', { count: chosen.length })}
      confirmLabel={t('contentsList.bulk.delete')}
      onConfirm={() => void bulkDelete()}
      onClose={onClose}
      loading={deleteMany.isPending}
      testId="content-bulk-confirm"
    >
      <Text size="sm">{t('contentsList.bulk.deleteBody', { count: chosen.length })}</Text>
      <RefusalAlert refusal={refusal} testId="content-bulk-refusal" />
    </ConfirmModal>
  );
}
