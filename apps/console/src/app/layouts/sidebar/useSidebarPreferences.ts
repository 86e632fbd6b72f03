import { SIDEBAR_COOKIE_MAX_AGE_DAYS, type SidebarColour } from '@spinyard/domain';
import { useCallback, useState } from 'react';
import { readCookie, writeCookie } from '../../../lib/cookies.ts';
import { COOKIE_NAMES, STORAGE_KEYS } from '../../../lib/storageKeys.ts';
import { DEFAULT_SIDEBAR_COLOR, isSidebarColor } from './sidebarColors.ts';

/** The minimized state, remembered in a cookie for 30 days (second document, section 9). */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => readCookie(COOKIE_NAMES.sidebar) === 'collapsed');
  const toggle = useCallback(() => {
    const next = !collapsed;
    writeCookie(COOKIE_NAMES.sidebar, next ? 'collapsed' : 'expanded', SIDEBAR_COOKIE_MAX_AGE_DAYS);
    setCollapsed(next);
  }, [collapsed]);
  return [collapsed, toggle];
}

function storedColor(): SidebarColour {
  try {
    const value = window.localStorage.getItem(STORAGE_KEYS.sidebarColor);
    return isSidebarColor(value) ? value : DEFAULT_SIDEBAR_COLOR;
  } catch {
    return DEFAULT_SIDEBAR_COLOR;
  }
}

/** The colour is a per-browser taste, so it lives in localStorage and survives logout. */
export function useSidebarColor(): [SidebarColour, (color: SidebarColour) => void] {
  const [color, setColor] = useState<SidebarColour>(storedColor);
  const choose = useCallback((next: SidebarColour) => {
    setColor(next);
    try {
      window.localStorage.setItem(STORAGE_KEYS.sidebarColor, next);
    } catch {
      // Storage disabled: the choice holds for this visit only.
    }
  }, []);
  return [color, choose];
}
