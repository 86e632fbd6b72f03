import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_MAX_LENGTH } from '@spinyard/domain';
import { forwardRef, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchOption {
  value: string;
  label: string;
}

export interface ServerSearchSelectProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange'> {
  value: string;
  onChange: (id: string) => void;
  /** The first page of matches of the last search the server was asked for. */
  options: readonly SearchOption[];
  /** Called with the search to send ('' for the first rows), once typing pauses. */
  onQueryChange: (q: string) => void;
  /** The label of a value given before any choice here (a stored one), when the owner has read it. */
  storedLabel?: string | undefined;
  pending: boolean;
  fetching: boolean;
  nothingFound: string;
}

/**
 * A choice among more rows than one page holds: each pause in typing asks the server for the matches of every
 * keyword, and the chosen value keeps its label when it is not among them.
 */
export const ServerSearchSelect = forwardRef<HTMLInputElement, ServerSearchSelectProps>(function ServerSearchSelect(
  {
    value,
    onChange,
    options: answered,
    onQueryChange,
    storedLabel,
    pending,
    fetching,
    nothingFound,
    placeholder,
    ...select
  },
  ref,
) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<SearchOption | null>(null);
  const [debounced] = useDebouncedValue(search, 300);
  const chosenLabel = chosen?.value === value ? chosen.label : undefined;
  // The chosen value's label shown back in the box is no search: it would match nothing.
  const q = debounced === chosenLabel ? '' : debounced;
  useEffect(() => onQueryChange(q), [q, onQueryChange]);
  const options = [...answered];
  const label = chosenLabel ?? storedLabel;
  if (value !== '' && label && !options.some((o) => o.value === value)) options.unshift({ value, label });

  return (
    <Select
      {...select}
      ref={ref}
      placeholder={pending ? t('common.loading') : placeholder}
      data={options}
      value={value || null}
      onChange={(id, option) => {
        setChosen(id ? { value: id, label: option.label } : null);
        onChange(id ?? '');
      }}
      searchable
      searchValue={search}
      onSearchChange={(text) => setSearch(text.slice(0, SEARCH_MAX_LENGTH))}
      // The server has already searched: every answered row is shown.
      filter={({ options: all }) => all}
      maxLength={SEARCH_MAX_LENGTH}
      nothingFoundMessage={fetching ? t('common.loading') : nothingFound}
    />
  );
});
