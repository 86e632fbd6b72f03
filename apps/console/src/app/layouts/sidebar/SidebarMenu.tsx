import { activeEntryId, type MenuEntry, openGroupIds } from '@spinyard/domain';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { CollapsedMenu } from './CollapsedMenu.tsx';
import { ExpandedMenu } from './ExpandedMenu.tsx';

interface MenuProps {
  menu: readonly MenuEntry[];
  collapsed: boolean;
  /** Called after a link is followed (the mobile drawer closes). */
  onNavigate: () => void;
}

/**
 * The sidebar menu. Groups open by themselves when the route is under one of their children (and otherwise
 * stay as the user left them); the most specific entry for the route is highlighted.
 */
export function SidebarMenu({ menu, collapsed, onNavigate }: MenuProps) {
  const { pathname } = useLocation();
  const activeId = activeEntryId(pathname, menu);
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set(openGroupIds(pathname, menu)));

  // Arriving under a group (a link, the back button) opens it; groups the user opened stay open.
  useEffect(() => {
    const needed = openGroupIds(pathname, menu);
    setOpenIds((current) => (needed.every((id) => current.has(id)) ? current : new Set([...current, ...needed])));
  }, [pathname, menu]);

  const toggle = (id: string) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return collapsed ? (
    <CollapsedMenu menu={menu} activeId={activeId} onNavigate={onNavigate} />
  ) : (
    <ExpandedMenu menu={menu} activeId={activeId} openIds={openIds} onToggle={toggle} onNavigate={onNavigate} />
  );
}
