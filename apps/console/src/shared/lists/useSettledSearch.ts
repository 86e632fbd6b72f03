import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** Typed searches wait for a pause in typing before the server is asked. */
export const TYPING_PAUSE_MS = 350;

/**
 * The search box's text, handed to `settle` once typing pauses and only when it differs from the search in force
 * (`current`, e.g. the address's `q`): a list asks the server once per search, not once per key.
 */
export function useSettledSearch(current: string, settle: (q: string) => void): [string, (text: string) => void] {
  const [search, setSearch] = useState(current);
  const [debounced] = useDebouncedValue(search, TYPING_PAUSE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the settled search text changes
  useEffect(() => {
    if (debounced.trim() !== current.trim()) settle(debounced);
  }, [debounced]);
  return [search, setSearch];
}
