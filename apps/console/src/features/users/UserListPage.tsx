import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  canAddUser,
  canImportUsersCsv,
  canListUsers,
  splitKeywords,
  USER_STATUSES,
  type UserStatus,
} from '@spinyard/domain';
import { IconFileSpreadsheet, IconPlus, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifySuccess } from '../../api/notify.ts';
import {
  isUserSort,
  type UserListQuery,
  type UserSort,
  useDeleteSubordinate,
  useDeleteSubordinates,
  useSetUserStatus,
  useSubordinates,
} from '../../api/users.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { ListEmptyState } from '../../components/ListEmptyState.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { ListSearchInput } from '../../components/ListSearchInput.tsx';
import { ListSkeleton } from '../../components/ListSkeleton.tsx';
import { type ListPosition, listPositionQuery, readListPosition } from '../../components/listPosition.ts';
import { NotAvailablePage } from '../not-found/NotAvailablePage.tsx';
import { UserBulkBar } from './UserBulkBar.tsx';
import { type Pending, UserListConfirm } from './UserListConfirm.tsx';
import { UserListFilters } from './UserListFilters.tsx';
import { UserTable } from './UserTable.tsx';
import { errorCodeText, userRefusalOf } from './userText.ts';
import { useUserActor } from './useUserActor.ts';

/** /subordinate/list: the users the caller manages, searched, filtered, sorted and paged, with their actions. */
export function UserListPage() {
  const { t } = useTranslation();
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
          <Group gap="sm" wrap="wrap" align="flex-end" style={{ flex: '1 1 20rem' }}>
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
            <UserListFilters privilegeType={privilegeType} status={status} sort={sort} update={update} />
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
          <UserBulkBar
            count={selected.size}
            onClear={() => setSelected(new Set())}
            onDelete={() => setPending({ kind: 'bulk', ids: [...selected] })}
          />
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
          <UserTable
            actor={actor}
            rows={rows}
            dimmed={list.isPlaceholderData}
            selected={selected}
            setSelected={setSelected}
            setPending={setPending}
          />
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

      <UserListConfirm pending={pending} busy={busy} refusal={refusal} run={run} close={close} />
    </Stack>
  );
}
