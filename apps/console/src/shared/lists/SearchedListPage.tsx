import type { PageSize } from '@spinyard/domain';
import { type Icon, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../components/LinkButton.tsx';
import { ListSearchInput } from '../../components/ListSearchInput.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { type ListPosition, listPositionQuery, readListPosition } from '../../components/listPosition.ts';
import { ListPageFrame } from './ListPageFrame.tsx';
import { ListResults } from './ListResults.tsx';
import { useSettledSearch } from './useSettledSearch.ts';

/** What a list query answers, as the searched list reads it. */
interface ListQuery<T> {
  data?: { items: T[]; total: number };
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
}

/**
 * A searched, paged list held in the address (reload, back and a shared link show the same rows): its position,
 * its query, `update` to move it, the settled search box. A page past the end (after a deletion, or a bigger page
 * size) moves back to the last page.
 */
export function useSearchedList<T>(
  defaultLimit: PageSize,
  useList: (position: ListPosition) => ListQuery<T>,
  /** Address parameters of the list's own (a sort, a filter) that a move keeps; `setFilter` changes one. */
  filterNames: readonly string[] = [],
) {
  const [params, setParams] = useSearchParams();
  const { page, limit, q } = readListPosition(params, defaultLimit);
  const list = useList({ page, limit, q });
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? '']));

  const update = (next: Partial<ListPosition>, nextFilters: Record<string, string> = filters) => {
    setParams(listPositionQuery({ page, limit, q, ...next }, nextFilters), { replace: true });
  };
  // Another sort or filter starts from the first page.
  const setFilter = (name: string, value: string) => update({ page: 1 }, { ...filters, [name]: value });
  // A new search starts from the first page.
  const [search, setSearch] = useSettledSearch(q, (text) => update({ q: text, page: 1 }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the answer's total matters
  useEffect(() => {
    if (!list.data) return;
    const last = Math.max(1, Math.ceil(list.data.total / limit));
    if (page > last) update({ page: last });
  }, [list.data?.total]);

  return { page, limit, q, list, update, setFilter, search, setSearch, items: list.data?.items ?? [] };
}

export type SearchedList<T> = ReturnType<typeof useSearchedList<T>>;

/**
 * The frame of a master's searched list screen: the search box, the add button, the table with its empty and
 * no-match states and its paging. `texts` names the catalogue's list block (searchLabel, searchPlaceholder,
 * clearSearch, add, empty, noMatch with `q`); `name` prefixes the test ids.
 */
export function SearchedListPage<T>({
  state,
  texts,
  name,
  addPath,
  icon,
  searchWidth,
  tableWidth,
  columns,
  actionsLabel,
  onLimit,
  filters,
  children,
}: {
  state: SearchedList<T>;
  texts: string;
  name: string;
  addPath: string;
  icon: Icon;
  searchWidth: number;
  tableWidth: number;
  columns: string[];
  actionsLabel: string;
  /** Called with a page size chosen, before the list moves to it (a screen that remembers it). */
  onLimit?: (limit: PageSize) => void;
  /** Inputs beside the search box (a sort, a filter); the empty state then counts them as searching. */
  filters?: { node: ReactNode; active: boolean };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { page, limit, q, list, update, search, setSearch } = state;
  return (
    <ListPageFrame
      maw={1280}
      tools={
        <>
          <ListSearchInput
            ariaLabel={t(`${texts}.searchLabel`)}
            placeholder={t(`${texts}.searchPlaceholder`)}
            clearLabel={t(`${texts}.clearSearch`)}
            value={search}
            onChange={setSearch}
            fetching={list.isFetching}
            width={searchWidth}
            testId={`${name}-search`}
          />
          {filters?.node}
        </>
      }
      actions={
        <LinkButton to={addPath} icon={IconPlus} testId={`${name}-add`}>
          {t(`${texts}.add`)}
        </LinkButton>
      }
    >
      <ListResults
        list={list}
        empty={{
          icon,
          testId: `${name}-list-empty`,
          filtering: q.trim() !== '' || (filters?.active ?? false),
          texts,
          q,
          clear: { label: t(`${texts}.clearSearch`), onClear: () => setSearch('') },
          addPath,
        }}
        paging={{
          page,
          limit,
          onPage: (next) => update({ page: next }),
          onLimit: (next) => {
            onLimit?.(next);
            update({ limit: next, page: 1 });
          },
          testId: `${name}-list-footer`,
        }}
      >
        <ListTable
          minWidth={tableWidth}
          testId={`${name}-table`}
          dimmed={list.isPlaceholderData}
          columns={columns}
          actionsLabel={actionsLabel}
        >
          {children}
        </ListTable>
      </ListResults>
    </ListPageFrame>
  );
}
