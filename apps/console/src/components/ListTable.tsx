import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A list's table: it scrolls sideways below `minWidth`, and its last column holds the row actions, whose header
 * only screen readers hear (the icons speak for themselves on screen). `dense` suits a table inside a card among
 * others; `dimmed` shows that the rows are the previous page's until the next page arrives.
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
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        highlightOnHover
        verticalSpacing={dense ? 'xs' : 'sm'}
        striped={!dense}
        data-testid={testId}
        style={dimmed ? { opacity: 0.6 } : undefined}
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
    </Table.ScrollContainer>
  );
}
