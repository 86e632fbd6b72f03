import { Checkbox, Table } from '@mantine/core';
import type { ComponentProps } from 'react';
import { ListTable } from '../../components/ListTable.tsx';

/** The ticked rows of a list and how to change them. */
export interface RowSelection {
  selected: Set<string>;
  setSelected: (next: Set<string>) => void;
}

/** The header cell that ticks (or unticks) every tickable row of the page at once. */
export function SelectAllCell({
  ids,
  selected,
  setSelected,
  label,
  testId,
}: RowSelection & { ids: readonly string[]; label: string; testId?: string }) {
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const someSelected = ids.some((id) => selected.has(id));
  return (
    <Table.Th w={40}>
      <Checkbox
        aria-label={label}
        checked={allSelected}
        indeterminate={someSelected && !allSelected}
        disabled={ids.length === 0}
        onChange={() => {
          const next = new Set(selected);
          for (const id of ids) {
            if (allSelected) next.delete(id);
            else next.add(id);
          }
          setSelected(next);
        }}
        data-testid={testId}
      />
    </Table.Th>
  );
}

/** A row's own tick box, for the bulk actions. */
export function SelectRowCell({
  id,
  selected,
  setSelected,
  label,
  disabled,
  testId,
}: RowSelection & { id: string; label: string; disabled: boolean; testId?: string }) {
  return (
    <Table.Td>
      <Checkbox
        aria-label={label}
        checked={selected.has(id)}
        disabled={disabled}
        onChange={(e) => {
          const next = new Set(selected);
          if (e.currentTarget.checked) next.add(id);
          else next.delete(id);
          setSelected(next);
        }}
        data-testid={testId}
      />
    </Table.Td>
  );
}

/** A list's table whose rows can be ticked for bulk actions: a select-all box heads the tick column. */
export function SelectableListTable({
  selection,
  tickable,
  selectAllLabel,
  selectAllTestId,
  ...table
}: Omit<ComponentProps<typeof ListTable>, 'leading'> & {
  selection: RowSelection;
  /** The ids of the page's rows that can be ticked. */
  tickable: readonly string[];
  selectAllLabel: string;
  selectAllTestId?: string;
}) {
  return (
    <ListTable
      {...table}
      leading={
        <SelectAllCell
          ids={tickable}
          selected={selection.selected}
          setSelected={selection.setSelected}
          label={selectAllLabel}
          testId={selectAllTestId}
        />
      }
    />
  );
}
