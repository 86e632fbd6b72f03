import { Button } from '@mantine/core';
import type { PageSize } from '@spinyard/domain';
import { type Icon, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LinkButton } from '../../components/LinkButton.tsx';
import { ListEmptyState } from '../../components/ListEmptyState.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { ListSkeleton } from '../../components/ListSkeleton.tsx';

/** Where a paged list is: the page shown, its size, and how to move. */
export interface ListPaging {
  page: number;
  limit: PageSize;
  onPage: (page: number) => void;
  onLimit: (limit: PageSize) => void;
  testId: string;
}

/**
 * A paged list's body: grey bars until the first answer, the empty state when the page has no row, else the
 * table; and the footer (count, page size, pages) while there is any row at all.
 */
export function ListResults({
  pending,
  rowCount,
  total,
  empty,
  paging,
  children,
}: {
  pending: boolean;
  rowCount: number;
  total: number;
  empty: ReactNode;
  paging: ListPaging;
  children: ReactNode;
}) {
  return (
    <>
      {pending ? <ListSkeleton /> : rowCount === 0 ? empty : children}
      {total > 0 ? (
        <ListFooter
          total={total}
          page={paging.page}
          limit={paging.limit}
          onPage={paging.onPage}
          onLimit={paging.onLimit}
          testId={paging.testId}
        />
      ) : null}
    </>
  );
}

/**
 * A list with no row: while searching or filtering, says nothing matched and offers to clear; otherwise says the
 * list is empty and offers to add the first entry (when the caller may).
 */
export function ListEmpty({
  icon,
  testId,
  filtering,
  message,
  clear,
  add,
}: {
  icon: Icon;
  testId: string;
  filtering: boolean;
  message: { empty: string; noMatch: string };
  clear: { label: string; onClear: () => void };
  add?: { to: string; label: string } | undefined;
}) {
  const action = filtering ? (
    <Button variant="light" onClick={clear.onClear}>
      {clear.label}
    </Button>
  ) : add ? (
    <LinkButton to={add.to} icon={IconPlus}>
      {add.label}
    </LinkButton>
  ) : null;
  return (
    <ListEmptyState icon={icon} message={filtering ? message.noMatch : message.empty} action={action} testId={testId} />
  );
}
