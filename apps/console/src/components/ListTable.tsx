import { Table, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useId } from 'react';
import classes from './ListTable.module.css';

/** A CSS string literal of any text (a column name in any language). */
function cssString(text: string): string {
  return `"${text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[\n\r]+/g, ' ')}"`;
}

/**
 * The rules that write each column's name above its value when the rows are cards (a phone). The pages build the
 * cells; the names are known here, so they are placed by position: after the leading cells, one per column.
 */
export function cardLabelRules(scope: string, columns: readonly string[], leadingCount: number): string {
  return columns
    .map(
      (column, i) =>
        `[data-list-scope="${scope}"] > tbody > tr > td:nth-child(${i + 1 + leadingCount})::before` +
        ` { content: ${cssString(column)}; }`,
    )
    .join('\n');
}

/** The width below which a list shows its rows as cards: Mantine's `sm` breakpoint, where the sidebar folds away. */
export const CARD_LAYOUT_QUERY = '(max-width: 48em)';

/**
 * A list's table. On a wide screen it scrolls sideways below `minWidth`, the row actions with the rest of the row;
 * on a phone each row is a card (values under their column names, actions at the foot). The last column holds
 * the row actions, whose header only screen readers hear (the icons speak for themselves on screen). `dense`
 * suits a table inside a card among others; `dimmed` marks the rows as the previous page's (aria-busy) until the
 * next page arrives.
 */
export function ListTable({
  minWidth,
  testId,
  columns,
  actionsLabel,
  leading,
  dense = false,
  dimmed = false,
  children,
}: {
  minWidth: number;
  testId: string;
  columns: readonly string[];
  actionsLabel: string;
  /** Header cells before the named columns (a select-all checkbox). */
  leading?: ReactNode;
  dense?: boolean;
  dimmed?: boolean;
  children: ReactNode;
}) {
  const cards = useMediaQuery(CARD_LAYOUT_QUERY) ?? false;
  const scope = useId();
  const table = (
    <Table
      highlightOnHover={!cards}
      verticalSpacing={dense ? 'xs' : 'sm'}
      striped={!dense && !cards}
      data-testid={testId}
      data-layout={cards ? 'cards' : 'table'}
      data-list-scope={scope}
      data-leading={leading ? true : undefined}
      className={cards ? classes.cards : classes.wide}
      // Busy, not faded: rows at reduced opacity fail colour contrast (axe caught it while a search was answered);
      // the search box's spinner shows the wait.
      aria-busy={dimmed || undefined}
    >
      <Table.Thead>
        <Table.Tr>
          {leading}
          {columns.map((column) => (
            <Table.Th key={column}>{column}</Table.Th>
          ))}
          <Table.Th>
            <VisuallyHidden>{actionsLabel}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  if (cards) {
    return (
      <>
        <style>{cardLabelRules(scope, columns, leading ? 1 : 0)}</style>
        {table}
      </>
    );
  }
  return <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>;
}
