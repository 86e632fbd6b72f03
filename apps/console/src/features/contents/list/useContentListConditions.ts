import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { TYPING_PAUSE_MS } from '../../../shared/lists/useSettledSearch.ts';
import { type ContentListConditions, loadConditions, saveConditions, toQuery } from './listConditions.ts';

/**
 * The vehicle list's conditions, kept in the session's storage (they survive a reload and end at logout), and the
 * server query they make: the typed ones (search, maker, colour, year) only once typing pauses. Every change
 * starts again from page 1 and unticks the rows (`onChange`).
 */
export function useContentListConditions(onChange: () => void) {
  const [conditions, setConditions] = useState<ContentListConditions>(loadConditions);
  const typed = [conditions.search, conditions.maker, conditions.bodyColor, conditions.firstRegistration].join(
    '\u0000',
  );
  const [settled] = useDebouncedValue(typed, TYPING_PAUSE_MS);
  const query = useMemo(() => {
    const [search = '', maker = '', bodyColor = '', firstRegistration = ''] = settled.split('\u0000');
    return toQuery({ ...conditions, search, maker, bodyColor, firstRegistration });
  }, [conditions, settled]);

  useEffect(() => saveConditions(conditions), [conditions]);

  const update = (next: Partial<ContentListConditions>) => {
    setConditions((c) => ({ ...c, page: 1, ...next }));
    onChange();
  };
  return { conditions, query, update };
}
