import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useServiceName } from './brand.ts';

/** Route `handle` of every screen: which entry of the screen list it shows (title `screens.<id>`). */
export interface ScreenHandle {
  screen: string;
}

function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as ScreenHandle).screen === 'string';
}

/** The innermost matched route's screen id, so layouts can show its title and breadcrumb. */
export function useCurrentScreenId(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isScreenHandle(handle)) return handle.screen;
  }
  return undefined;
}

/**
 * Keeps the browser tab's title in step with the screen, so tabs and history entries are recognisable. The
 * name after the screen's is the host's service name (a white-label tenant's own brand).
 */
export function useDocumentTitle(title: string | undefined): void {
  const product = useServiceName();
  useEffect(() => {
    document.title = title ? `${title} | ${product}` : product;
  }, [title, product]);
}
