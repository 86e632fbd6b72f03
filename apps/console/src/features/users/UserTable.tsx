import { Anchor, Table, Text } from '@mantine/core';
import { canDeleteUser, canToggleUser, type PermissionActor, shopCodeIsAlias } from '@spinyard/domain';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../../api/profile.ts';
import type { UserRecord } from '../../api/users.ts';
import { RowAction } from '../../components/RowAction.tsx';
import { ActionsCell, DateCell } from '../../shared/lists/ListCells.tsx';
import { type RowSelection, SelectableListTable, SelectRowCell } from '../../shared/lists/RowSelection.tsx';
import { RoleBadge, StatusBadge } from './UserBits.tsx';
import type { Pending } from './UserListConfirm.tsx';
import { targetOf } from './userRules.ts';

/** Whether the actor may delete this user (and so tick its row for a bulk delete). */
export function userDeletable(actor: PermissionActor, u: UserRecord) {
  return canDeleteUser(actor, targetOf(u), { hasProcessingContent: false });
}

/** One page of users: a tick box for the bulk delete, the user's facts, and the row's own actions. */
export function UserTable({
  actor,
  rows,
  dimmed,
  selection,
  setPending,
}: {
  selection: RowSelection;
  actor: PermissionActor;
  rows: UserRecord[];
  dimmed: boolean;
  setPending: (pending: Pending) => void;
}) {
  const { t } = useTranslation();
  const deletable = (u: UserRecord) => userDeletable(actor, u);
  // On the bike site each dealer is known by their shop code (their first username alias): shown under the name.
  const bikeSite = shopCodeIsAlias(useProfile().data?.domain.host_flags ?? []);
  return (
    <SelectableListTable
      minWidth={1000}
      testId="user-table"
      dimmed={dimmed}
      selection={selection}
      tickable={rows.filter((u) => deletable(u).ok).map((u) => u.id)}
      selectAllLabel={t('users.bulk.selectAll')}
      columns={[
        t('users.list.columns.user'),
        t('users.list.columns.role'),
        t('users.list.columns.parent'),
        t('users.list.columns.section'),
        t('users.list.columns.status'),
        t('users.list.columns.lastLogin'),
        t('users.list.columns.created'),
      ]}
      actionsLabel={t('users.list.columns.actions')}
    >
      {rows.map((user) => {
        const editPath = `/subordinate/edit/${encodeURIComponent(user.id)}`;
        const del = deletable(user);
        const toggle =
          canToggleUser(actor, targetOf(user)).ok && (user.status === 'active' || user.status === 'inactive');
        const next = user.status === 'active' ? 'inactive' : 'active';
        const toggleLabel = t(next === 'active' ? 'users.actions.enable' : 'users.actions.disable', {
          name: user.name,
        });
        return (
          <Table.Tr key={user.id} data-testid="user-row" data-email={user.email}>
            <SelectRowCell
              {...selection}
              id={user.id}
              label={t('users.bulk.select', { name: user.name })}
              disabled={!del.ok}
            />
            <Table.Td>
              <Anchor component={Link} to={editPath} fw={600} size="sm">
                {user.name}
              </Anchor>
              <Text size="xs" c="gray.7" style={{ wordBreak: 'break-all' }}>
                {user.email}
              </Text>
              {bikeSite && user.shop_code ? (
                <Text size="xs" c="gray.7" data-testid="user-shop-code">
                  {t('users.list.shopCode', { code: user.shop_code })}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <RoleBadge role={user.privilege_type} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{user.parent_name ?? '—'}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{[user.company_name, user.company_section].filter(Boolean).join(' / ') || '—'}</Text>
            </Table.Td>
            <Table.Td>
              <StatusBadge status={user.status} />
            </Table.Td>
            <DateCell value={user.last_login_at} fallback={t('users.list.never')} />
            <DateCell value={user.created_at} />
            <ActionsCell>
              <RowAction label={t('users.actions.edit', { name: user.name })} icon={IconPencil} to={editPath} />
              {toggle ? (
                <RowAction
                  label={toggleLabel}
                  icon={next === 'active' ? IconPlayerPlay : IconPlayerPause}
                  color={next === 'active' ? 'green' : 'orange'}
                  onClick={() => setPending({ kind: 'status', user, status: next })}
                  testId="user-toggle"
                />
              ) : null}
              {del.ok ? (
                <RowAction
                  label={t('users.actions.delete', { name: user.name })}
                  icon={IconTrash}
                  color="red"
                  onClick={() => setPending({ kind: 'delete', user })}
                  testId="user-delete"
                />
              ) : null}
            </ActionsCell>
          </Table.Tr>
        );
      })}
    </SelectableListTable>
  );
}
