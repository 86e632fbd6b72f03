import { Alert, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '../../api/users.ts';
import { ActionButton } from '../../components/ActionButton.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { AdminPicker } from './AdminPicker.tsx';
import { StatusBadge } from './UserBits.tsx';
import type { useUserEditActions } from './useUserEditActions.ts';

type Actions = ReturnType<typeof useUserEditActions>;
type Role = 'admin' | 'normal';

/** The change of role: the new role, and for a demotion the administrator the user will be under. */
export function UserPrivilegeCard({ user, nextRole, actions }: { user: UserRecord; nextRole: Role; actions: Actions }) {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="user-privilege-title"
      data-testid="user-privilege"
    >
      <Title order={2} size="h4" id="user-privilege-title" mb="xs">
        {t('users.privilege.title')}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {t(nextRole === 'normal' ? 'users.privilege.toNormalHelp' : 'users.privilege.toAdminHelp')}
      </Text>
      <Stack gap="md">
        <Radio.Group label={t('users.privilege.newRole')} value={nextRole} readOnly>
          <Group gap="lg" mt="xs">
            <Radio value={nextRole} label={t(`roles.${nextRole}`)} checked readOnly />
          </Group>
        </Radio.Group>
        {nextRole === 'normal' ? (
          <AdminPicker
            label={t('users.fields.parent_user_id')}
            placeholder={t('users.form.parentPlaceholder')}
            value={actions.newParent}
            excludeId={user.id}
            onChange={actions.setNewParent}
            error={actions.parentError}
            withAsterisk
            data-testid="user-privilege-parent"
          />
        ) : null}
        <Group justify="flex-end">
          <ActionButton
            icon={IconArrowsExchange}
            variant="light"
            onClick={() => actions.request('privilege')}
            testId="user-privilege-change"
          >
            {t('users.privilege.change', { role: t(`roles.${nextRole}`) })}
          </ActionButton>
        </Group>
      </Stack>
    </Card>
  );
}

/** The user's status (enable or disable) and deletion, each shown when the caller may. */
export function UserManageCard({
  user,
  toggleAllowed,
  deleteAllowed,
  actions,
}: {
  user: UserRecord;
  toggleAllowed: boolean;
  deleteAllowed: boolean;
  actions: Actions;
}) {
  const { t } = useTranslation();
  const active = user.status === 'active';
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="user-manage-title">
      <Title order={2} size="h4" id="user-manage-title" mb="md">
        {t('users.edit.manageTitle')}
      </Title>
      <Stack gap="md">
        {toggleAllowed ? (
          <Group justify="space-between" wrap="wrap">
            <Group gap="sm">
              <Text size="sm">{t('users.edit.currentStatus')}</Text>
              <StatusBadge status={user.status} />
            </Group>
            <Button
              variant="light"
              color={active ? 'orange' : 'green'}
              leftSection={
                active ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />
              }
              onClick={() => actions.request('status')}
              data-testid="user-edit-toggle"
            >
              {t(active ? 'users.status.disable' : 'users.status.enable')}
            </Button>
          </Group>
        ) : null}
        {deleteAllowed ? (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="gray.7" maw={560}>
              {t('users.delete.rules')}
            </Text>
            <ActionButton
              icon={IconTrash}
              color="red"
              variant="light"
              onClick={() => actions.request('delete')}
              testId="user-edit-delete"
            >
              {t('users.delete.confirm')}
            </ActionButton>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Asks before the chosen action, and shows the server's refusal in place. */
export function UserEditConfirm({ user, nextRole, actions }: { user: UserRecord; nextRole: Role; actions: Actions }) {
  const { t } = useTranslation();
  const { action } = actions;
  const active = user.status === 'active';
  return (
    <ConfirmModal
      opened={action !== null}
      title={
        action === 'privilege'
          ? t('users.privilege.confirmTitle')
          : action === 'status'
            ? t(active ? 'users.status.disableTitle' : 'users.status.enableTitle')
            : t('users.delete.title')
      }
      confirmLabel={
        action === 'privilege'
          ? t('users.privilege.change', { role: t(`roles.${nextRole}`) })
          : action === 'status'
            ? t(active ? 'users.status.disable' : 'users.status.enable')
            : t('users.delete.confirm')
      }
      color={action === 'privilege' ? 'blue' : action === 'status' && !active ? 'green' : 'red'}
      onConfirm={() => void actions.run()}
      onClose={actions.close}
      loading={actions.busy}
      testId="user-confirm"
    >
      <Text size="sm">
        {action === 'privilege'
          ? t(nextRole === 'normal' ? 'users.privilege.toNormalHelp' : 'users.privilege.toAdminHelp')
          : action === 'status'
            ? t(active ? 'users.status.disableBody' : 'users.status.enableBody', { name: user.name })
            : t('users.delete.body', { name: user.name, email: user.email })}
      </Text>
      {actions.refusal ? (
        <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }} data-testid="user-confirm-refusal">
          {actions.refusal}
        </Alert>
      ) : null}
    </ConfirmModal>
  );
}
