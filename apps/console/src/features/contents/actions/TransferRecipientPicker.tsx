import type { SelectProps } from '@mantine/core';
import type { TransferRecipient } from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTransferRecipients } from '../../../api/contents.ts';
import { ServerSearchSelect } from '../../shared/ServerSearchSelect.tsx';

export interface TransferRecipientPickerProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange'> {
  /** The vehicles to transfer: the server offers only users who may receive every one of them. */
  contentIds: readonly string[];
  value: string;
  onChange: (id: string) => void;
}

/**
 * The new owner of vehicles, among the users the server says the caller may give them to (searched there by name
 * or address, the first 30): the same rules the transfer applies, for every role that may transfer.
 */
export function TransferRecipientPicker({ contentIds, onChange, ...select }: TransferRecipientPickerProps) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const recipients = useTransferRecipients(contentIds, q);
  const labelOf = (u: TransferRecipient) => {
    const text = `${u.name} (${u.email})`;
    return u.is_self ? t('contentActions.transfer.me', { name: text }) : text;
  };
  const options = (recipients.data?.items ?? []).map((u) => ({ value: u.id, label: labelOf(u) }));
  return (
    <ServerSearchSelect
      {...select}
      options={options}
      onChange={onChange}
      onQueryChange={setQ}
      pending={recipients.isPending}
      fetching={recipients.isFetching}
      nothingFound={t('contentActions.transfer.noUsers')}
    />
  );
}
