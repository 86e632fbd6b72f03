import { Stack } from '@mantine/core';
import { assignablePrivileges, canAddUser, type FieldError } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../api/notify.ts';
import { useCreateSubordinate } from '../../api/users.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { NotAvailablePage } from '../not-found/NotAvailablePage.tsx';
import { UserForm } from './UserForm.tsx';
import { createBodyOf, EMPTY_USER_FORM, type UserFormValues } from './userRules.ts';
import { userRefusalOf } from './userText.ts';
import { useUserActor } from './useUserActor.ts';

/** /subordinate/add: a new admin or normal user, active at once with the password given. */
export function UserAddPage() {
  const { t } = useTranslation();
  const actor = useUserActor();
  const navigate = useNavigate();
  const create = useCreateSubordinate();
  const isAdmin = actor?.privilegeType === 'admin';

  if (!actor) {
    return <CenteredLoader py={64} />;
  }
  if (!canAddUser(actor).ok) return <NotAvailablePage />;

  const roles = assignablePrivileges(actor).filter((r): r is 'admin' | 'normal' => r === 'admin' || r === 'normal');
  const initial: UserFormValues = {
    ...EMPTY_USER_FORM,
    privilegeType: roles.length === 1 ? (roles[0] ?? '') : '',
    // An admin's new users are their own.
    parentUserId: isAdmin ? actor.id : '',
  };

  const submit = async (values: UserFormValues): Promise<FieldError[]> => {
    try {
      const created = await create.mutateAsync(createBodyOf(values));
      notifySuccess(t('users.add.done', { name: created.name }));
      void navigate('/subordinate/list');
      return [];
    } catch (error) {
      return userRefusalOf(error).fields;
    }
  };

  return (
    <Stack gap="lg" maw={960} mx="auto" data-testid="user-add-page">
      <UserForm
        mode="add"
        initial={initial}
        roles={roles}
        chooseParent={!isAdmin}
        onSubmit={submit}
        submitLabel={t('users.add.submit')}
      />
    </Stack>
  );
}
