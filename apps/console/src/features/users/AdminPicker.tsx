import { Alert, type SelectProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UserRecord, useAdmins, useSubordinate } from '../../api/users.ts';
import { ServerSearchSelect } from '../shared/ServerSearchSelect.tsx';

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

/** A parent admin, searched on the server by name or address (a tenant may have more admins than one page). */
export const AdminPicker = forwardRef<HTMLInputElement, AdminPickerProps>(function AdminPicker(
  { excludeId, warnWhenNone = false, ...select },
  ref,
) {
  const { t } = useTranslation();
  const first = useAdmins('', warnWhenNone);
  const none = warnWhenNone && first.isSuccess && first.data.total === 0;
  const [q, setQ] = useState('');
  const admins = useAdmins(q);
  const options = (admins.data?.items ?? [])
    .filter((a) => a.id !== excludeId)
    .map((a) => ({ value: a.id, label: labelOf(a) }));
  // A parent given before any choice (the edited user's) is read once to show its label.
  const unlisted = select.value !== '' && !options.some((o) => o.value === select.value);
  const stored = useSubordinate(unlisted ? select.value : undefined);
  return (
    <>
      <ServerSearchSelect
        {...select}
        ref={ref}
        options={options}
        onQueryChange={setQ}
        storedLabel={stored.data ? labelOf(stored.data) : undefined}
        pending={admins.isPending}
        fetching={admins.isFetching}
        nothingFound={t('users.form.noAdmins')}
      />
      {none ? (
        <Alert color="yellow" icon={<IconAlertCircle aria-hidden />}>
          {t('users.form.noAdminsYet')}
        </Alert>
      ) : null}
    </>
  );
});
