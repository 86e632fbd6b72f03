import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../api/notify.ts';
import { type UserRecord, useChangePrivilege, useDeleteSubordinate, useSetUserStatus } from '../../api/users.ts';
import { useConfirmedAction } from './useConfirmedAction.ts';
import { errorCodeText, userFieldErrorText, userRefusalOf } from './userText.ts';

/** An action of the user edit page that asks for confirmation first. */
export type UserEditAction = 'delete' | 'status' | 'privilege';

/**
 * The user edit page's confirmed actions (delete, enable or disable, change of role) and the new administrator a
 * demotion needs: `request` asks for one (refused in place while the administrator is missing), `run` does it.
 */
export function useUserEditActions(u: UserRecord, nextRole: 'admin' | 'normal') {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteSubordinate();
  const toggle = useSetUserStatus();
  const promote = useChangePrivilege();
  const confirmed = useConfirmedAction<UserEditAction>((error) => {
    const { code, fields } = userRefusalOf(error);
    if (fields.length > 0) return fields.map(userFieldErrorText).join('\n');
    return code ? errorCodeText(code, t('errors.general_error')) : null;
  });
  const [newParent, setNewParentValue] = useState<string>('');
  const [parentError, setParentError] = useState<string | undefined>();

  /** A demotion names the administrator the user will be under: said at the picker when it is missing. */
  const parentMissing = () => {
    if (nextRole !== 'normal' || newParent !== '') return false;
    setParentError(userFieldErrorText({ field: 'parent_user_id', rule: 'required', message: '' }));
    return true;
  };

  const perform = async (chosen: UserEditAction) => {
    if (chosen === 'delete') {
      await remove.mutateAsync(u.id);
      notifySuccess(t('users.delete.done', { name: u.name }));
      void navigate('/subordinate/list');
    } else if (chosen === 'status') {
      const next = u.status === 'active' ? 'inactive' : 'active';
      await toggle.mutateAsync({ id: u.id, status: next });
      notifySuccess(t(next === 'active' ? 'users.status.enabled' : 'users.status.disabled', { name: u.name }));
    } else {
      const answer = await promote.mutateAsync({
        id: u.id,
        to: nextRole,
        parentUserId: nextRole === 'normal' ? newParent : null,
      });
      notifySuccess(t('users.privilege.done', { name: u.name, count: answer.changed.length }));
    }
  };

  return {
    action: confirmed.pending,
    busy: confirmed.busy,
    refusal: confirmed.refusal,
    close: confirmed.close,
    newParent,
    parentError,
    setNewParent: (id: string) => {
      setNewParentValue(id);
      setParentError(undefined);
    },
    request: (chosen: UserEditAction) => {
      if (chosen === 'privilege' && parentMissing()) return;
      confirmed.setPending(chosen);
    },
    run: async () => {
      if (confirmed.pending === 'privilege' && parentMissing()) return;
      await confirmed.run(perform);
    },
  };
}
