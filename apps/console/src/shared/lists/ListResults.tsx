import { Button } from '@mantine/core';
import type { PageSize } from '@spinyard/domain';
import { type Icon, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

/** What a list's query answers, as the list's body reads it: pending until the first answer, then a page. */
export interface ListAnswer {
  isPending: boolean;
  data?: { items: readonly unknown[]; total: number } | undefined;
}

/**
 * A paged list's body: grey bars until the first answer, the empty state (`ListEmpty` of `empty`) when the page
 * answered has no row, else the table; and the footer (count, page size, pages) while there is any row at all.
 */
export function ListResults({
  list,
  empty,
  paging,
  children,
}: {
  list: ListAnswer;
  empty: ListEmptyProps;
  paging: ListPaging;
  children: ReactNode;
}) {
  const total = list.data?.total ?? 0;
  return (
    <>
      {list.isPending ? <ListSkeleton /> : (list.data?.items.length ?? 0) === 0 ? <ListEmpty {...empty} /> : children}
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

export interface ListEmptyProps {
  icon: Icon;
  testId: string;
  filtering: boolean;
  /** The list's block of the catalogue: its `empty`, `noMatch` (given `q`) and `add` texts. */
  texts: string;
  /** The search words, for a `noMatch` text that names them. */
  q?: string;
  clear: { label: string; onClear: () => void };
  /** Where the first entry is added, when the caller may. */
  addPath?: string | undefined;
}

/**
 * A list with no row: while searching or filtering, says nothing matched and offers to clear; otherwise says the
 * list is empty and offers to add the first entry (when the caller may).
 */
export function ListEmpty({ icon, testId, filtering, texts, q, clear, addPath }: ListEmptyProps) {
  const { t } = useTranslation();
  const action = filtering ? (
    <Button variant="light" onClick={clear.onClear}>
      {clear.label}
    </Button>
  ) : addPath ? (
    <LinkButton to={addPath} icon={IconPlus}>
      {t(`${texts}.add`)}
    </LinkButton>
  ) : null;
  const message = filtering ? t(`${texts}.noMatch`, { q }) : t(`${texts}.empty`);
  return <ListEmptyState icon={icon} message={message} action={action} testId={testId} />;
}
