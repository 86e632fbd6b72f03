import { Alert, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_MAX_LENGTH } from '@spinyard/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UserRecord, useAdmins, useSubordinate } from '../../api/users.ts';

export interface AdminPickerProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange'> {
  value: string;
  onChange: (id: string) => void;
  /** An admin that may not be chosen (the user whose parent is being chosen). */
  excludeId?: string;
  /** Says so below the choice when the caller has no admin at all. */
  warnWhenNone?: boolean;
}

const labelOf = (admin: Pick<UserRecord, 'name' | 'email'>) => `${admin.name} (${admin.email})`;

/**
 * A parent admin chosen by typing: each pause in typing asks the server for the admins matching every keyword
 * (a tenant may have more admins than one page), and the chosen one keeps its label when it is not among them.
 */
export const AdminPicker = forwardRef<HTMLInputElement, AdminPickerProps>(function AdminPicker(
  { value, onChange, excludeId, warnWhenNone = false, placeholder, ...select },
  ref,
) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const [debounced] = useDebouncedValue(search, 300);
  const chosenLabel = chosen?.value === value ? chosen.label : undefined;
  // Typing the chosen admin's label back is no search: it would match nobody.
  const admins = useAdmins(debounced === chosenLabel ? '' : debounced);
  const options = (admins.data?.items ?? [])
    .filter((a) => a.id !== excludeId)
    .map((a) => ({ value: a.id, label: labelOf(a) }));
  const listed = value === '' || options.some((o) => o.value === value);
  // A parent given before any search (the edited user's) is read once to show its label.
  const selected = useSubordinate(!listed && chosenLabel === undefined ? value : undefined);
  if (!listed) {
    const label = chosenLabel ?? (selected.data ? labelOf(selected.data) : undefined);
    if (label) options.unshift({ value, label });
  }
  const none = warnWhenNone && debounced === '' && admins.isSuccess && admins.data.total === 0;

  return (
    <>
      <Select
        {...select}
        ref={ref}
        placeholder={admins.isPending ? t('common.loading') : placeholder}
        data={options}
        value={value || null}
        onChange={(id, option) => {
          setChosen(id ? { value: id, label: option.label } : null);
          onChange(id ?? '');
        }}
        searchable
        searchValue={search}
        onSearchChange={(text) => setSearch(text.slice(0, SEARCH_MAX_LENGTH))}
        // The server has already searched: every answered admin is shown.
        filter={({ options: all }) => all}
        maxLength={SEARCH_MAX_LENGTH}
        nothingFoundMessage={admins.isFetching ? t('common.loading') : t('users.form.noAdmins')}
      />
      {none ? (
        <Alert color="yellow" icon={<IconAlertCircle aria-hidden />}>
          {t('users.form.noAdminsYet')}
        </Alert>
      ) : null}
    </>
  );
});
