import { List, Text, TextInput } from '@mantine/core';
import { normaliseHostName } from '@spinyard/domain';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DomainDetail, useDeleteDomain } from '../../../api/domains.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { refusalOf } from '../../../components/refusal.ts';

/**
 * "Delete domain": a modal says what happens (marked as deleting now, its users signed out, everything removed by
 * the nightly deletion, the host free again only after it) and asks for the host to be typed, since nothing can
 * bring the domain back once the night has passed.
 */
export function DeleteDomainButton({ domain }: { domain: DomainDetail }) {
  const { t } = useTranslation();
  const remove = useDeleteDomain();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const [sending, setSending] = useState(false);
  const matches = normaliseHostName(typed) === domain.host;

  const close = () => {
    setOpened(false);
    setTyped('');
  };

  const confirm = async () => {
    setSending(true);
    try {
      await remove.mutateAsync(domain.id);
      notifySuccess(t('domains.delete.done', { host: domain.host }));
      close();
    } catch (error) {
      refusalOf(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <ActionButton
        icon={IconTrash}
        color="red"
        variant="outline"
        size="sm"
        onClick={() => setOpened(true)}
        disabled={domain.status === 'deleting'}
        testId="domain-delete"
      >
        {t('domains.delete.button')}
      </ActionButton>
      <ConfirmModal
        opened={opened}
        title={t('domains.delete.title', { host: domain.host })}
        confirmLabel={t('domains.delete.confirm')}
        onConfirm={() => void confirm()}
        onClose={close}
        loading={sending}
        confirmDisabled={!matches}
        testId="domain-delete-modal"
      >
        <List size="sm" spacing="xs">
          <List.Item>{t('domains.delete.now')}</List.Item>
          <List.Item>{t('domains.delete.nightly')}</List.Item>
          <List.Item>{t('domains.delete.hostBlocked')}</List.Item>
        </List>
        <Text size="sm" fw={600}>
          {t('domains.delete.irreversible')}
        </Text>
        <TextInput
          label={t('domains.delete.typeHost', { host: domain.host })}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          data-testid="domain-delete-host"
        />
      </ConfirmModal>
    </>
  );
}
