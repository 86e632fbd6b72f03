import type { SelectProps } from '@mantine/core';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHeadquarters, useHeadquartersSearch } from '../../../api/companies.ts';
import { ServerSearchSelect } from '../../shared/ServerSearchSelect.tsx';

export interface HeadquartersPickerProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange'> {
  /** Master, on a domain's page: that domain's headquarters (a super always sees their own). */
  domainId: string | undefined;
  value: string;
  onChange: (id: string) => void;
}

/** A headquarters of the domain, searched on the server by name or code (a domain may have more than one page). */
export const HeadquartersPicker = forwardRef<HTMLInputElement, HeadquartersPickerProps>(function HeadquartersPicker(
  { domainId, ...select },
  ref,
) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const found = useHeadquartersSearch(domainId, q);
  const options = (found.data?.items ?? []).map((hq) => ({ value: hq.id, label: hq.name }));
  // A headquarters given before any choice (the edited branch's, the list's filter) is read once for its name.
  const unlisted = select.value !== '' && !options.some((o) => o.value === select.value);
  const stored = useHeadquarters(unlisted ? select.value : undefined);
  return (
    <ServerSearchSelect
      {...select}
      ref={ref}
      options={options}
      onQueryChange={setQ}
      storedLabel={stored.data?.name}
      pending={found.isPending}
      fetching={found.isFetching}
      nothingFound={t('companies.list.noMatchingHeadquarters')}
    />
  );
});
