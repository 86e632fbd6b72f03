import { Alert } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, type PageOf, type PageSize } from '@spinyard/domain';
import type { Icon } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmptyState } from '../../../components/ListEmptyState.tsx';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { ListSkeleton } from '../../../components/ListSkeleton.tsx';
import { ListTable } from '../../../components/ListTable.tsx';

/** The page's state of a paged list: its page and size, a new size starting again at the first page. */
export interface Paging {
  page: number;
  limit: PageSize;
  setPage: (page: number) => void;
  setLimit: (limit: PageSize) => void;
}

/**
 * A list's paging from its first page, and `refilter`: a filter's setter that also moves the list back to its first
 * page (the page the caller was on may not exist under the new filter).
 */
export function usePaging() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const refilter =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };
  return { paging: { page, limit, setPage, setLimit } satisfies Paging, refilter };
}

/**
 * The body both lists of the invoice page share: the load error, the skeleton, the empty state, or the rows in a
 * table (cards on a phone) with the footer's pages.
 */
export function PagedTable<T>({
  query,
  paging,
  empty,
  table,
  row,
}: {
  query: { isError: boolean; isPlaceholderData: boolean; data: PageOf<T> | undefined };
  paging: Paging;
  empty: { icon: Icon; message: string; testId: string };
  table: { minWidth: number; testId: string; columns: readonly string[] };
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const data = query.data;
  if (query.isError) {
    return (
      <Alert color="red" variant="light">
        {t('billingInvoices.loadError')}
      </Alert>
    );
  }
  if (!data) return <ListSkeleton />;
  if (data.items.length === 0) return <ListEmptyState {...empty} />;
  return (
    <>
      <ListTable {...table} actionsLabel={t('billingInvoices.actions')} dimmed={query.isPlaceholderData}>
        {data.items.map(row)}
      </ListTable>
      <ListFooter
        total={data.total}
        page={paging.page}
        limit={paging.limit}
        onPage={paging.setPage}
        onLimit={(l) => {
          paging.setLimit(l);
          paging.setPage(1);
        }}
      />
    </>
  );
}
