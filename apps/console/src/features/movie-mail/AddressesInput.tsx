import { TagsInput } from '@mantine/core';
import type { movieMailFields } from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlledField } from '../../forms/ControlledField.tsx';
import type { ZodForm } from '../../forms/useZodForm.ts';
import { type AddressList, entryMessage, judgeEntries, listMessage } from './addressEntries.ts';

/**
 * One of the mail's address lists (宛先, CC) as chips. Each address is judged as it is entered, by the domain's
 * e-mail rule the server applies: a refused one does not become a chip, is named beside the list and goes back
 * into the box to be corrected, rather than being found only on send.
 */
export function AddressesInput({
  form,
  name,
  label,
  max,
}: {
  form: ZodForm<typeof movieMailFields>;
  name: AddressList;
  label: string;
  max: number;
}) {
  const { t } = useTranslation();
  // What the box holds while it is typed; a refused address is put back into it.
  const [search, setSearch] = useState('');

  const enter = (next: string[], change: (value: string[]) => void) => {
    const other = form.getValues(name === 'to' ? 'cc' : 'to') ?? [];
    const { accepted, refused } = judgeEntries(next, form.getValues(name) ?? [], other);
    change(accepted);
    const [first] = refused;
    if (!first) {
      form.clearErrors(name);
      return;
    }
    form.setError(name, { type: 'entry', message: entryMessage(name, first) });
    // After the input has emptied its box, which it does before or after calling onChange depending on the key.
    queueMicrotask(() => setSearch(refused.map((r) => r.address).join(', ')));
  };

  return (
    <ControlledField
      form={form}
      name={name}
      render={(f) => (
        <TagsInput
          ref={f.ref}
          label={label}
          description={t('movieMail.addressesHint', { max })}
          value={f.value ?? []}
          onChange={(value) => enter(value, f.onChange)}
          searchValue={search}
          onSearchChange={setSearch}
          onDuplicate={(address) =>
            form.setError(name, { type: 'entry', message: entryMessage(name, { address, rule: 'no_duplicates' }) })
          }
          onBlur={f.onBlur}
          error={listMessage(form.formState.errors[name], f.value)}
          maxTags={max}
          splitChars={[',', ' ', ';']}
          acceptValueOnBlur
          clearable
          withAsterisk={name === 'to'}
          data-testid={`movie-mail-${name}`}
        />
      )}
    />
  );
}
