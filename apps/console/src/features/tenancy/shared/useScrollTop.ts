import { useEffect } from 'react';

/**
 * A screen reached from the bottom of a long form (save, confirm, back) starts at its top: the console's router
 * keeps the window's scroll position across navigations.
 */
export function useScrollTop(): void {
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
}
