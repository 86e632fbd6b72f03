import { canAddUser, canImportUsersCsv, canListUsers, splitKeywords } from '@spinyard/domain';
import { IconFileSpreadsheet, IconPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubordinates } from '../../api/users.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { ListSearchInput } from '../../components/ListSearchInput.tsx';
import { ListKeywordsNote, ListPageFrame } from '../../shared/lists/ListPageFrame.tsx';
import { ListResults } from '../../shared/lists/ListResults.tsx';
import { useSettledSearch } from '../../shared/lists/useSettledSearch.ts';
import { NotAvailablePage } from '../not-found/NotAvailablePage.tsx';
import { UserBulkBar } from './UserBulkBar.tsx';
import { UserListConfirm } from './UserListConfirm.tsx';
import { UserListFilters } from './UserListFilters.tsx';
import { UserTable } from './UserTable.tsx';
import { useUserActor } from './useUserActor.ts';
import { useUserListActions } from './useUserListActions.ts';
import { useUserListParams } from './useUserListParams.ts';

/** /subordinate/list: the users the caller manages, searched, filtered, sorted and paged, with their actions. */
export function UserListPage() {
  const { t } = useTranslation();
  const actor = useUserActor();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { update, ...query } = useUserListParams(() => setSelected(new Set()));
  const { page, limit, q, sort, privilegeType, status } = query;
  const [search, setSearch] = useSettledSearch(q, (text) => update({ q: text, page: 1 }));
  const actions = useUserListActions(() => setSelected(new Set()));

  // The server matches every comma-separated keyword over the whole list and pages the result.
  const keywords = splitKeywords(q);
  const allowed = actor ? canListUsers(actor).ok : false;
  const list = useSubordinates(query, allowed);
  const rows = list.data?.items ?? [];

  if (!actor) return <CenteredLoader py={64} />;
  if (!allowed) return <NotAvailablePage />;

  const filtering = q.trim() !== '' || privilegeType !== '' || status !== '';
  const addAllowed = canAddUser(actor).ok;
  const clearFilters = () => {
    setSearch('');
    update({ q: '', role: '', status: '', page: 1 });
  };

  return (
    <ListPageFrame
      maw={1400}
      tools={
        <>
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
        </>
      }
      actions={
        <>
          {canImportUsersCsv(actor).ok ? (
            <LinkButton to="/subordinate/addlist" variant="light" icon={IconFileSpreadsheet} testId="user-add-csv">
              {t('users.list.addCsv')}
            </LinkButton>
          ) : null}
          {addAllowed ? (
            <LinkButton to="/subordinate/add" icon={IconPlus} testId="user-add">
              {t('users.list.add')}
            </LinkButton>
          ) : null}
        </>
      }
      outside={
        <UserListConfirm
          pending={actions.pending}
          busy={actions.busy}
          refusal={actions.refusal}
          run={actions.run}
          close={actions.close}
        />
      }
    >
      <ListKeywordsNote
        count={keywords.length}
        text={t('users.list.keywordsNote', { count: keywords.length })}
        testId="user-keywords-note"
      />

      {selected.size > 0 ? (
        <UserBulkBar
          count={selected.size}
          onClear={() => setSelected(new Set())}
          onDelete={() => actions.setPending({ kind: 'bulk', ids: [...selected] })}
        />
      ) : null}

      <ListResults
        list={list}
        empty={{
          icon: IconUsers,
          testId: 'user-list-empty',
          filtering,
          texts: 'users.list',
          clear: { label: t('users.list.clearFilters'), onClear: clearFilters },
          addPath: addAllowed ? '/subordinate/add' : undefined,
        }}
        paging={{
          page,
          limit,
          onPage: (p) => update({ page: p }),
          onLimit: (l) => update({ limit: l, page: 1 }),
          testId: 'user-list-footer',
        }}
      >
        <UserTable
          actor={actor}
          rows={rows}
          dimmed={list.isPlaceholderData}
          selection={{ selected, setSelected }}
          setPending={actions.setPending}
        />
      </ListResults>
    </ListPageFrame>
  );
}
