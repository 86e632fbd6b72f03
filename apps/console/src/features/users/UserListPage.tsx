import { Alert, Anchor, Button, Card, Checkbox, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  canAddUser,
  canDeleteUser,
  canImportUsersCsv,
  canListUsers,
  canToggleUser,
  splitKeywords,
  USER_STATUSES,
  type UserStatus,
} from '@spinyard/domain';
import {
  IconFileSpreadsheet,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notifySuccess } from '../../api/notify.ts';
import {
  isUserSort,
  USER_SORTS,
  type UserListQuery,
  type UserRecord,
  type UserSort,
  useDeleteSubordinate,
  useDeleteSubordinates,
  useSetUserStatus,
  useSubordinates,
} from '../../api/users.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { formatDateTime } from '../../components/formatDateTime.ts';
import { LinkButton } from '../../components/LinkButton.tsx';
import { ListEmptyState } from '../../components/ListEmptyState.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { ListSearchInput } from '../../components/ListSearchInput.tsx';
import { ListSkeleton } from '../../components/ListSkeleton.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { type ListPosition, listPositionQuery, readListPosition } from '../../components/listPosition.ts';
import { RowAction } from '../../components/RowAction.tsx';
import { currentLocale } from '../../i18n/locale.ts';
import { NotAvailablePage } from '../not-found/NotAvailablePage.tsx';
import { RoleBadge, StatusBadge } from './UserBits.tsx';
import { targetOf } from './userRules.ts';
import { errorCodeText, userRefusalOf } from './userText.ts';
import { useUserActor } from './useUserActor.ts';

type Pending =
  | { kind: 'delete'; user: UserRecord }
  | { kind: 'bulk'; ids: string[] }
  | { kind: 'status'; user: UserRecord; status: 'active' | 'inactive' };

/** /subordinate/list: the users the caller manages, searched, filtered, sorted and paged, with their actions. */
export function UserListPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const actor = useUserActor();
  const deleteOne = useDeleteSubordinate();
  const deleteMany = useDeleteSubordinates();
  const setStatus = useSetUserStatus();
  const [params, setParams] = useSearchParams();
  const { page, limit, q } = readListPosition(params);
  const sortParam = params.get('sort') ?? '';
  const sort: UserSort = isUserSort(sortParam) ? sortParam : 'created_desc';
  const roleParam = params.get('role');
  const privilegeType = roleParam === 'admin' || roleParam === 'normal' ? roleParam : '';
  const statusParam = params.get('status') ?? '';
  const status = (USER_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as UserStatus) : '';

  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search, 350);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  // The server matches every comma-separated keyword over the whole list and pages the result.
  const keywords = splitKeywords(q);
  const multi = keywords.length > 1;
  const query: UserListQuery = { page, limit, q, sort, privilegeType, status };
  const allowed = actor ? canListUsers(actor).ok : false;
  const list = useSubordinates(query, allowed);

  const update = (next: Partial<ListPosition & { sort: UserSort; role: string; status: string }>) => {
    const merged = { page, limit, q, sort, role: privilegeType as string, status: status as string, ...next };
    const filters = {
      role: merged.role,
      status: merged.status,
      sort: merged.sort === 'created_desc' ? '' : merged.sort,
    };
    setParams(listPositionQuery(merged, filters), { replace: true });
    setSelected(new Set());
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the settled search text changes
  useEffect(() => {
    if (debounced.trim() !== q.trim()) update({ q: debounced, page: 1 });
  }, [debounced]);

  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  if (!actor) return <CenteredLoader py={64} />;
  if (!allowed) return <NotAvailablePage />;

  const deletable = (u: UserRecord) => canDeleteUser(actor, targetOf(u), { hasProcessingContent: false });
  const selectable = rows.filter((u) => deletable(u).ok);
  const allSelected = selectable.length > 0 && selectable.every((u) => selected.has(u.id));
  const someSelected = selectable.some((u) => selected.has(u.id));
  const filtering = q.trim() !== '' || privilegeType !== '' || status !== '';

  const close = () => {
    if (!busy) {
      setPending(null);
      setRefusal(null);
    }
  };

  const run = async () => {
    if (!pending) return;
    setBusy(true);
    setRefusal(null);
    try {
      if (pending.kind === 'delete') {
        await deleteOne.mutateAsync(pending.user.id);
        notifySuccess(t('users.delete.done', { name: pending.user.name }));
      } else if (pending.kind === 'bulk') {
        const answer = await deleteMany.mutateAsync(pending.ids);
        notifySuccess(t('users.bulk.done', { count: answer.deleted }));
        setSelected(new Set());
      } else {
        await setStatus.mutateAsync({ id: pending.user.id, status: pending.status });
        notifySuccess(
          t(pending.status === 'active' ? 'users.status.enabled' : 'users.status.disabled', {
            name: pending.user.name,
          }),
        );
      }
      setPending(null);
    } catch (error) {
      const { code } = userRefusalOf(error);
      if (code) setRefusal(errorCodeText(code, t('errors.general_error')));
    } finally {
      setBusy(false);
    }
  };

  const addAllowed = canAddUser(actor).ok;
  const csvAllowed = canImportUsersCsv(actor).ok;

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" gap="md" mb="md" wrap="wrap" align="flex-end">
          <Group gap="sm" wrap="wrap" align="flex-end" style={{ flex: 1 }}>
            <ListSearchInput
              label={t('users.list.searchLabel')}
              placeholder={t('users.list.searchPlaceholder')}
              clearLabel={t('users.list.clearSearch')}
              value={search}
              onChange={setSearch}
              fetching={list.isFetching}
              width={320}
              testId="user-search"
            />
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
          </Group>
          <Group gap="sm">
            {csvAllowed ? (
              <LinkButton to="/subordinate/addlist" variant="light" icon={IconFileSpreadsheet} testId="user-add-csv">
                {t('users.list.addCsv')}
              </LinkButton>
            ) : null}
            {addAllowed ? (
              <LinkButton to="/subordinate/add" icon={IconPlus} testId="user-add">
                {t('users.list.add')}
              </LinkButton>
            ) : null}
          </Group>
        </Group>

        {multi ? (
          <Text size="sm" c="gray.7" mb="sm" data-testid="user-keywords-note">
            {t('users.list.keywordsNote', { count: keywords.length })}
          </Text>
        ) : null}

        {selected.size > 0 ? (
          <Group
            justify="space-between"
            mb="sm"
            p="xs"
            bg="red.0"
            style={{ borderRadius: 8 }}
            data-testid="user-bulk-bar"
          >
            <Text size="sm" fw={600}>
              {t('users.bulk.selected', { count: selected.size })}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setSelected(new Set())}>
                {t('users.bulk.clear')}
              </Button>
              <Button
                size="xs"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => setPending({ kind: 'bulk', ids: [...selected] })}
                data-testid="user-bulk-delete"
              >
                {t('users.bulk.delete')}
              </Button>
            </Group>
          </Group>
        ) : null}

        {list.isPending ? (
          <ListSkeleton />
        ) : rows.length === 0 ? (
          <ListEmptyState
            icon={IconUsers}
            message={filtering ? t('users.list.noMatch') : t('users.list.empty')}
            action={
              filtering ? (
                <Button
                  variant="light"
                  onClick={() => {
                    setSearch('');
                    update({ q: '', role: '', status: '', page: 1 });
                  }}
                >
                  {t('users.list.clearFilters')}
                </Button>
              ) : addAllowed ? (
                <LinkButton to="/subordinate/add" icon={IconPlus}>
                  {t('users.list.add')}
                </LinkButton>
              ) : null
            }
            testId="user-list-empty"
          />
        ) : (
          <ListTable
            minWidth={1000}
            testId="user-table"
            dimmed={list.isPlaceholderData}
            leading={
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('users.bulk.selectAll')}
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  disabled={selectable.length === 0}
                  onChange={() => {
                    const next = new Set(selected);
                    for (const u of selectable) {
                      if (allSelected) next.delete(u.id);
                      else next.add(u.id);
                    }
                    setSelected(next);
                  }}
                />
              </Table.Th>
            }
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
                  <Table.Td>
                    <Checkbox
                      aria-label={t('users.bulk.select', { name: user.name })}
                      checked={selected.has(user.id)}
                      disabled={!del.ok}
                      onChange={(e) => {
                        const nextSet = new Set(selected);
                        if (e.currentTarget.checked) nextSet.add(user.id);
                        else nextSet.delete(user.id);
                        setSelected(nextSet);
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={editPath} fw={600} size="sm">
                      {user.name}
                    </Anchor>
                    <Text size="xs" c="gray.7" style={{ wordBreak: 'break-all' }}>
                      {user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RoleBadge role={user.privilege_type} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{user.parent_name ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {[user.company_name, user.company_section].filter(Boolean).join(' / ') || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={user.status} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="gray.7">
                      {formatDateTime(user.last_login_at, locale) || t('users.list.never')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="gray.7">
                      {formatDateTime(user.created_at, locale)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
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
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}

        {total > 0 ? (
          <ListFooter
            total={total}
            page={page}
            limit={limit}
            onPage={(p) => update({ page: p })}
            onLimit={(l) => update({ limit: l, page: 1 })}
            testId="user-list-footer"
          />
        ) : null}
      </Card>

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
    </Stack>
  );
}
