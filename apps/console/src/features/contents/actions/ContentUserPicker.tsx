import type { SelectProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../api/profile.ts';
import { type UserRecord, useSubordinate, useSubordinates } from '../../../api/users.ts';
import { ServerSearchSelect } from '../../shared/ServerSearchSelect.tsx';

export interface ContentUserPickerProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange'> {
  value: string;
  /** The chosen user ('' when cleared) and how the picker named them. */
  onChange: (id: string, label: string) => void;
  /** The label of a value kept from before (a saved owner filter), shown until the server is asked. */
  storedLabel?: string | undefined;
}

const PICKER_LIMIT = 30;
const labelOf = (u: Pick<UserRecord, 'name' | 'email'>) => `${u.name} (${u.email})`;

/**
 * A user among those the caller manages, searched on the server by name or address (the first 30 matches), with
 * the caller first: the list's owner filter (a transfer picks among its own recipients: TransferRecipientPicker).
 */
export function ContentUserPicker({ storedLabel, onChange, ...select }: ContentUserPickerProps) {
  const { t } = useTranslation();
  const profile = useProfile();
  const [q, setQ] = useState('');
  const users = useSubordinates({
    page: 1,
    limit: PICKER_LIMIT,
    q,
    sort: 'name_asc',
    privilegeType: '',
    status: '',
  });
  const me = profile.data?.user;
  const found = users.data?.items ?? [];
  const options = [
    ...(me && q.trim() === '' ? [{ value: me.id, label: t('contentActions.transfer.me', { name: labelOf(me) }) }] : []),
    ...found.filter((u) => u.id !== me?.id).map((u) => ({ value: u.id, label: labelOf(u) })),
  ];
  const unlisted = select.value !== '' && storedLabel === undefined && !options.some((o) => o.value === select.value);
  const stored = useSubordinate(unlisted && select.value !== me?.id ? select.value : undefined);
  return (
    <ServerSearchSelect
      {...select}
      options={options}
      onChange={(id) => onChange(id, options.find((o) => o.value === id)?.label ?? '')}
      onQueryChange={setQ}
      storedLabel={storedLabel ?? (stored.data ? labelOf(stored.data) : undefined)}
      pending={users.isPending}
      fetching={users.isFetching}
      nothingFound={t('contentActions.transfer.noUsers')}
    />
  );
}
