import { activeEntryId, MENU, type MenuEntry } from '@spinyard/domain';

/**
 * Whether a route may be shown to this user. A route that belongs to a menu entry (by its path or sub-paths)
 * is available only when that entry is in the user's visible menu: the conditional routes of the spec
 * ("only if web negotiation is enabled", groups disabled, ...) follow the same rules as the sidebar. Routes
 * outside the menu (top bar links such as /account-link) are always available.
 */
export function isRouteAvailable(pathname: string, visible: readonly MenuEntry[]): boolean {
  if (activeEntryId(pathname, MENU) === undefined) return true;
  return activeEntryId(pathname, visible) !== undefined;
}
