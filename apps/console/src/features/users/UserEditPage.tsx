import { Alert, Stack } from '@mantine/core';
import {
  canChangePrivilege,
  canDeleteUser,
  canEditUser,
  canToggleUser,
  type FieldError,
  type PermissionActor,
} from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { notifySuccess } from '../../api/notify.ts';
import { type UserRecord, useSubordinate, useUpdateSubordinate } from '../../api/users.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { NotAvailablePage } from '../not-found/NotAvailablePage.tsx';
import { UserEditConfirm, UserManageCard, UserPrivilegeCard } from './UserEditCards.tsx';
import { UserForm } from './UserForm.tsx';
import { formOf, targetOf, type UserFormValues, updateBodyOf } from './userRules.ts';
import { userRefusalOf } from './userText.ts';
import { useUserActor } from './useUserActor.ts';
import { useUserEditActions } from './useUserEditActions.ts';

/** /subordinate/edit/{UserId}: the user's fields, their role (with the moves it causes), status and deletion. */
export function UserEditPage() {
  const { t } = useTranslation();
  const { userId } = useParams();
  const actor = useUserActor();
  const user = useSubordinate(userId);

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
  if (!canEditUser(actor, targetOf(user.data)).ok) return <NotAvailablePage />;
  return <UserEditor actor={actor} u={user.data} />;
}

/** The edit page of a user the caller may edit. */
function UserEditor({ actor, u }: { actor: PermissionActor; u: UserRecord }) {
  const { t } = useTranslation();
  const update = useUpdateSubordinate();
  const nextRole = u.privilege_type === 'admin' ? 'normal' : 'admin';
  const actions = useUserEditActions(u, nextRole);
  const target = targetOf(u);
  const initial = formOf(u);
  const toggleAllowed = canToggleUser(actor, target).ok && (u.status === 'active' || u.status === 'inactive');
  const deleteAllowed = canDeleteUser(actor, target, { hasProcessingContent: false }).ok;
  const own = u.id === actor.id;

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

  return (
    <Stack gap="lg" maw={960} mx="auto" data-testid="user-edit">
      <UserForm
        key={u.updated_at}
        mode="edit"
        initial={initial}
        roles={[]}
        currentRole={u.privilege_type}
        chooseParent={u.privilege_type === 'normal' && actor.privilegeType !== 'admin' && !own}
        own={own}
        onSubmit={save}
        submitLabel={t('users.edit.submit')}
      />
      {canChangePrivilege(actor, target).ok ? (
        <UserPrivilegeCard user={u} nextRole={nextRole} actions={actions} />
      ) : null}
      {toggleAllowed || deleteAllowed ? (
        <UserManageCard user={u} toggleAllowed={toggleAllowed} deleteAllowed={deleteAllowed} actions={actions} />
      ) : null}
      <UserEditConfirm user={u} nextRole={nextRole} actions={actions} />
    </Stack>
  );
}
