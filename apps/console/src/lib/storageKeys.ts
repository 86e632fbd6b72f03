import { LOCALE_COOKIE_NAME, SIDEBAR_COOKIE_NAME } from '@spinyard/domain';

/**
 * Browser storage names shared with the server team and the browser tests (docs/contracts-foundation.md).
 * Changing one breaks signed-in sessions and the e2e suite, so they live in one place.
 */
export const STORAGE_KEYS = {
  accessToken: 'spinyard.access_token',
  contentToken: 'spinyard.content_token',
  tempToken: 'spinyard.temp_token',
  sidebarColor: 'spinyard.sidebar_color',
  /** Prefix of saved list conditions (filters, sort, page size) of each list screen. */
  listPrefix: 'spinyard.list.',
  /** The vehicle list's conditions (under listPrefix, so logout clears them with the others). */
  contentsList: 'spinyard.list.contents',
  /**
   * Prefix of the blur editor's unapplied regions, one entry per vehicle and row. Not cleared at logout: the work
   * belongs to the vehicle, and a colleague on the same computer may finish it.
   */
  blurDraftPrefix: 'spinyard.blur_draft.',
  /** Prefix of the session-storage cache entries. */
  cachePrefix: 'spinyard.cache.',
} as const;

export const COOKIE_NAMES = {
  locale: LOCALE_COOKIE_NAME,
  sidebar: SIDEBAR_COOKIE_NAME,
} as const;
