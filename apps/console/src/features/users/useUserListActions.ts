import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify.ts';
import { useDeleteSubordinate, useDeleteSubordinates, useSetUserStatus } from '../../api/users.ts';
import type { Pending } from './UserListConfirm.tsx';
import { useConfirmedAction } from './useConfirmedAction.ts';
import { errorCodeText, userRefusalOf } from './userText.ts';

/**
 * The user list's confirmed actions: the one waiting for confirmation (`pending`), and `run` that does it (a
 * delete, a bulk delete, an enable or disable), says so, or keeps the dialog open with the server's refusal.
 */
export function useUserListActions(clearSelection: () => void) {
  const { t } = useTranslation();
  const deleteOne = useDeleteSubordinate();
  const deleteMany = useDeleteSubordinates();
  const setStatus = useSetUserStatus();
  const confirmed = useConfirmedAction<Pending>((error) => {
    const { code } = userRefusalOf(error);
    return code ? errorCodeText(code, t('errors.general_error')) : null;
  });

  const perform = async (action: Pending) => {
    if (action.kind === 'delete') {
      await deleteOne.mutateAsync(action.user.id);
      notifySuccess(t('users.delete.done', { name: action.user.name }));
    } else if (action.kind === 'bulk') {
      const answer = await deleteMany.mutateAsync(action.ids);
      notifySuccess(t('users.bulk.done', { count: answer.deleted }));
      clearSelection();
    } else {
      await setStatus.mutateAsync({ id: action.user.id, status: action.status });
      const done = action.status === 'active' ? 'users.status.enabled' : 'users.status.disabled';
      notifySuccess(t(done, { name: action.user.name }));
    }
  };

  const { pending, setPending, busy, refusal, close } = confirmed;
  return { pending, setPending, busy, refusal, close, run: () => confirmed.run(perform) };
}
