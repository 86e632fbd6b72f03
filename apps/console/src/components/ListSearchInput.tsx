import { ActionIcon, Loader, TextInput } from '@mantine/core';
import { SEARCH_MAX_LENGTH } from '@spinyard/domain';
import { IconSearch, IconX } from '@tabler/icons-react';

export interface ListSearchInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Shows a spinner while the list reloads for the typed text. */
  fetching: boolean;
  /**
   * What can be searched ("name, e-mail, department"): shown under the box, where it wraps, rather than as a
   * placeholder, which a narrow box or a long language cuts.
   */
  placeholder: string;
  clearLabel: string;
  /** A visible label, or only an accessible name when the search box stands alone. */
  label?: string;
  ariaLabel?: string;
  width: number;
  testId: string;
}

/** The search box of the console's lists: a clear button once something is typed, a spinner while it loads. */
export function ListSearchInput({
  value,
  onChange,
  fetching,
  placeholder,
  clearLabel,
  label,
  ariaLabel,
  width,
  testId,
}: ListSearchInputProps) {
  return (
    <TextInput
      {...(label ? { label } : { 'aria-label': ariaLabel })}
      description={placeholder}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        value ? (
          <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => onChange('')} aria-label={clearLabel}>
            <IconX size={14} aria-hidden />
          </ActionIcon>
        ) : fetching ? (
          <Loader size={14} aria-hidden />
        ) : null
      }
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', sm: width }}
      type="search"
      // The server's bound: longer text could only be refused (or overflow the request's address).
      maxLength={SEARCH_MAX_LENGTH}
      data-testid={testId}
    />
  );
}
