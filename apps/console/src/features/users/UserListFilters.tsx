import { NativeSelect } from '@mantine/core';
import { USER_STATUSES } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { USER_SORTS, type UserSort } from '../../api/users.ts';

/** The user list's role, status and sort choices; each change starts again from page 1. */
export function UserListFilters({
  privilegeType,
  status,
  sort,
  update,
}: {
  privilegeType: string;
  status: string;
  sort: UserSort;
  update: (next: { role?: string; status?: string; sort?: UserSort; page: number }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <NativeSelect
        label={t('users.list.roleFilter')}
        value={privilegeType}
        onChange={(e) => update({ role: e.currentTarget.value, page: 1 })}
        data={[
          { value: '', label: t('users.list.all') },
          { value: 'admin', label: t('roles.admin') },
          { value: 'normal', label: t('roles.normal') },
        ]}
        data-testid="user-role-filter"
      />
      <NativeSelect
        label={t('users.list.statusFilter')}
        value={status}
        onChange={(e) => update({ status: e.currentTarget.value, page: 1 })}
        data={[
          { value: '', label: t('users.list.all') },
          ...USER_STATUSES.map((s) => ({ value: s, label: t(`users.status.${s}`) })),
        ]}
        data-testid="user-status-filter"
      />
      <NativeSelect
        label={t('users.list.sort')}
        value={sort}
        onChange={(e) => update({ sort: e.currentTarget.value as UserSort, page: 1 })}
        data={USER_SORTS.map((s) => ({ value: s, label: t(`users.sort.${s}`) }))}
        data-testid="user-sort"
      />
    </>
  );
}
