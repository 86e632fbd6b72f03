import { Alert, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { canChangePrivilege, canDeleteUser, canEditUser, canToggleUser, type FieldError } from '@spinyard/domain';
import { IconArrowsExchange, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../api/notify.ts';
import {
  type UserRecord,
  useChangePrivilege,
  useDeleteSubordinate,
  useSetUserStatus,
  useSubordinate,
  useUpdateSubordinate,
} from '../../api/users.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { NotAvailablePage } from '../not-found/NotAvailablePage.tsx';
import { AdminPicker } from './AdminPicker.tsx';
import { StatusBadge } from './UserBits.tsx';
import { UserForm } from './UserForm.tsx';
import { formOf, targetOf, type UserFormValues, updateBodyOf } from './userRules.ts';
import { errorCodeText, userFieldErrorText, userRefusalOf } from './userText.ts';
import { useUserActor } from './useUserActor.ts';

type Action = 'delete' | 'status' | 'privilege';

/** /subordinate/edit/{UserId}: the user's fields, their role (with the moves it causes), status and deletion. */
export function UserEditPage() {
  const { t } = useTranslation();
  const { userId } = useParams();
  const actor = useUserActor();
  const navigate = useNavigate();
  const remove = useDeleteSubordinate();
  const toggle = useSetUserStatus();
  const promote = useChangePrivilege();
  const user = useSubordinate(userId);
  const update = useUpdateSubordinate();
  const isAdmin = actor?.privilegeType === 'admin';
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [newParent, setNewParent] = useState<string>('');
  const [parentError, setParentError] = useState<string | undefined>();

  if (!actor || user.isPending) {
    return <CenteredLoader py={64} />;
  }
  if (!user.data) {
    return (
      <Alert color="red" maw={720} mx="auto" data-testid="user-edit-missing">
        {t('users.edit.missing')}
      </Alert>
    );
  }
  const u: UserRecord = user.data;
  const target = targetOf(u);
  if (!canEditUser(actor, target).ok) return <NotAvailablePage />;

  const initial = formOf(u);
  const toggleAllowed = canToggleUser(actor, target).ok && (u.status === 'active' || u.status === 'inactive');
  const deleteAllowed = canDeleteUser(actor, target, { hasProcessingContent: false }).ok;
  const privilegeAllowed = canChangePrivilege(actor, target).ok;
  const nextRole = u.privilege_type === 'admin' ? 'normal' : 'admin';

  const save = async (values: UserFormValues): Promise<FieldError[]> => {
    const body = updateBodyOf(values, initial);
    if (Object.keys(body).length === 0) {
      notifySuccess(t('users.edit.nothing'));
      return [];
    }
    try {
      const saved = await update.mutateAsync({ id: u.id, body });
      notifySuccess(t('users.edit.done', { name: saved.name }));
      return [];
    } catch (error) {
      return userRefusalOf(error).fields;
    }
  };

  const close = () => {
    if (busy) return;
    setAction(null);
    setRefusal(null);
  };

  const run = async () => {
    if (action === 'privilege' && nextRole === 'normal' && newParent === '') {
      setParentError(userFieldErrorText({ field: 'parent_user_id', rule: 'required', message: '' }));
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      if (action === 'delete') {
        await remove.mutateAsync(u.id);
        notifySuccess(t('users.delete.done', { name: u.name }));
        void navigate('/subordinate/list');
      } else if (action === 'status') {
        const next = u.status === 'active' ? 'inactive' : 'active';
        await toggle.mutateAsync({ id: u.id, status: next });
        notifySuccess(t(next === 'active' ? 'users.status.enabled' : 'users.status.disabled', { name: u.name }));
      } else if (action === 'privilege') {
        const answer = await promote.mutateAsync({
          id: u.id,
          to: nextRole,
          parentUserId: nextRole === 'normal' ? newParent : null,
        });
        notifySuccess(t('users.privilege.done', { name: u.name, count: answer.changed.length }));
      }
      setAction(null);
    } catch (error) {
      const { code, fields } = userRefusalOf(error);
      if (fields.length > 0) setRefusal(fields.map(userFieldErrorText).join('\n'));
      else if (code) setRefusal(errorCodeText(code, t('errors.general_error')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={960} mx="auto" data-testid="user-edit">
      <UserForm
        key={u.updated_at}
        mode="edit"
        initial={initial}
        roles={[]}
        currentRole={u.privilege_type}
        chooseParent={u.privilege_type === 'normal' && !isAdmin}
        onSubmit={save}
        submitLabel={t('users.edit.submit')}
      />

      {privilegeAllowed ? (
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
                value={newParent}
                excludeId={u.id}
                onChange={(id) => {
                  setNewParent(id);
                  setParentError(undefined);
                }}
                error={parentError}
                withAsterisk
                data-testid="user-privilege-parent"
              />
            ) : null}
            <Group justify="flex-end">
              <Button
                variant="light"
                leftSection={<IconArrowsExchange size={16} aria-hidden />}
                onClick={() => {
                  if (nextRole === 'normal' && newParent === '') {
                    setParentError(userFieldErrorText({ field: 'parent_user_id', rule: 'required', message: '' }));
                    return;
                  }
                  setAction('privilege');
                }}
                data-testid="user-privilege-change"
              >
                {t('users.privilege.change', { role: t(`roles.${nextRole}`) })}
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : null}

      {toggleAllowed || deleteAllowed ? (
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="user-manage-title">
          <Title order={2} size="h4" id="user-manage-title" mb="md">
            {t('users.edit.manageTitle')}
          </Title>
          <Stack gap="md">
            {toggleAllowed ? (
              <Group justify="space-between" wrap="wrap">
                <Group gap="sm">
                  <Text size="sm">{t('users.edit.currentStatus')}</Text>
                  <StatusBadge status={u.status} />
                </Group>
                <Button
                  variant="light"
                  color={u.status === 'active' ? 'orange' : 'green'}
                  leftSection={
                    u.status === 'active' ? (
                      <IconPlayerPause size={16} aria-hidden />
                    ) : (
                      <IconPlayerPlay size={16} aria-hidden />
                    )
                  }
                  onClick={() => setAction('status')}
                  data-testid="user-edit-toggle"
                >
                  {t(u.status === 'active' ? 'users.status.disable' : 'users.status.enable')}
                </Button>
              </Group>
            ) : null}
            {deleteAllowed ? (
              <Group justify="space-between" wrap="wrap">
                <Text size="sm" c="gray.7" maw={560}>
                  {t('users.delete.rules')}
                </Text>
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setAction('delete')}
                  data-testid="user-edit-delete"
                >
                  {t('users.delete.confirm')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Card>
      ) : null}

      <ConfirmModal
        opened={action !== null}
        title={
          action === 'privilege'
            ? t('users.privilege.confirmTitle')
            : action === 'status'
              ? t(u.status === 'active' ? 'users.status.disableTitle' : 'users.status.enableTitle')
              : t('users.delete.title')
        }
        confirmLabel={
          action === 'privilege'
            ? t('users.privilege.change', { role: t(`roles.${nextRole}`) })
            : action === 'status'
              ? t(u.status === 'active' ? 'users.status.disable' : 'users.status.enable')
              : t('users.delete.confirm')
        }
        color={action === 'privilege' ? 'blue' : action === 'status' && u.status !== 'active' ? 'green' : 'red'}
        onConfirm={run}
        onClose={close}
        loading={busy}
        testId="user-confirm"
      >
        <Text size="sm">
          {action === 'privilege'
            ? t(nextRole === 'normal' ? 'users.privilege.toNormalHelp' : 'users.privilege.toAdminHelp')
            : action === 'status'
              ? t(u.status === 'active' ? 'users.status.disableBody' : 'users.status.enableBody', { name: u.name })
              : t('users.delete.body', { name: u.name, email: u.email })}
        </Text>
        {refusal ? (
          <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }} data-testid="user-confirm-refusal">
            {refusal}
          </Alert>
        ) : null}
      </ConfirmModal>
    </Stack>
  );
}
