import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '../../api/users.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';

/** The action waiting for the user's confirmation on the user list. */
export type Pending =
  | { kind: 'delete'; user: UserRecord }
  | { kind: 'bulk'; ids: string[] }
  | { kind: 'status'; user: UserRecord; status: 'active' | 'inactive' };

/** Asks before a delete, a bulk delete or an enable/disable, and shows the server's refusal in place. */
export function UserListConfirm({
  pending,
  busy,
  refusal,
  run,
  close,
}: {
  pending: Pending | null;
  busy: boolean;
  refusal: string | null;
  run: () => void;
  close: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={pending !== null}
      title={
        pending?.kind === 'status'
          ? t(pending.status === 'active' ? 'users.status.enableTitle' : 'users.status.disableTitle')
          : pending?.kind === 'bulk'
            ? t('users.bulk.title', { count: pending.ids.length })
            : t('users.delete.title')
      }
      confirmLabel={
        pending?.kind === 'status'
          ? t(pending.status === 'active' ? 'users.status.enable' : 'users.status.disable')
          : t('users.delete.confirm')
      }
      color={pending?.kind === 'status' && pending.status === 'active' ? 'green' : 'red'}
      onConfirm={run}
      onClose={close}
      loading={busy}
      testId="user-confirm"
    >
      <Text size="sm">
        {pending?.kind === 'status'
          ? t(pending.status === 'active' ? 'users.status.enableBody' : 'users.status.disableBody', {
              name: pending.user.name,
            })
          : pending?.kind === 'bulk'
            ? t('users.bulk.body', { count: pending.ids.length })
            : pending?.kind === 'delete'
              ? t('users.delete.body', { name: pending.user.name, email: pending.user.email })
              : ''}
      </Text>
      {pending?.kind !== 'status' ? (
        <Text size="sm" c="gray.7">
          {t('users.delete.rules')}
        </Text>
      ) : null}
      {refusal ? (
        <Alert color="red" role="alert" data-testid="user-confirm-refusal">
          {refusal}
        </Alert>
      ) : null}
    </ConfirmModal>
  );
}
