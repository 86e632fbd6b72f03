import { Text } from '@mantine/core';
import type { ContentListItem } from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTransferContents } from '../../../api/contents.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { RefusalAlert } from '../../../components/RefusalAlert.tsx';
import { actionErrorText } from './ContentActionsMenu.tsx';
import { TransferRecipientPicker } from './TransferRecipientPicker.tsx';

/**
 * Gives one or more vehicles to another user, chosen among those the server would accept for these vehicles
 * (never a current owner). The server runs it as a whole-content job that locks the vehicles until it ends.
 */
export function TransferDialog({
  opened,
  contents,
  onClose,
  onDone,
}: {
  opened: boolean;
  contents: readonly Pick<ContentListItem, 'id'>[];
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const transfer = useTransferContents();
  const [userId, setUserId] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const ids = contents.map((c) => c.id);

  const close = () => {
    if (transfer.isPending) return;
    setUserId('');
    setRefusal(null);
    onClose();
  };

  const confirm = async () => {
    setRefusal(null);
    try {
      await transfer.mutateAsync({ ids, userId });
      notifySuccess(t('contentActions.transfer.done', { count: contents.length }));
      setUserId('');
      onDone?.();
      onClose();
    } catch (error) {
      setRefusal(actionErrorText(error, t('errors.general_error')));
    }
  };

  return (
    <ConfirmModal
      opened={opened}
      title={t('contentActions.transfer.title', { count: contents.length })}
      confirmLabel={t('contentActions.actions.transfer')}
      color="blue"
      onConfirm={() => void confirm()}
      onClose={close}
      loading={transfer.isPending}
      confirmDisabled={userId === ''}
      testId="content-transfer"
    >
      <Text size="sm">{t('contentActions.transfer.body', { count: contents.length })}</Text>
      {opened ? (
        <TransferRecipientPicker
          contentIds={ids}
          label={t('contentActions.transfer.user')}
          placeholder={t('contentActions.transfer.placeholder')}
          value={userId}
          onChange={setUserId}
          comboboxProps={{ withinPortal: true }}
          data-testid="content-transfer-user"
        />
      ) : null}
      <RefusalAlert refusal={refusal} testId="content-transfer-refusal" />
    </ConfirmModal>
  );
}
