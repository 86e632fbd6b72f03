import { AppShell, ScrollArea } from '@mantine/core';
import type { MenuEntry } from '@spinyard/domain';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Sidebar.module.css';
import { SidebarColorMenu } from './SidebarColorMenu.tsx';
import { SidebarLogo } from './SidebarLogo.tsx';
import { SidebarMenu } from './SidebarMenu.tsx';
import { SidebarToggle } from './SidebarToggle.tsx';
import { SIDEBAR_PALETTE } from './sidebarColors.ts';
import { useSidebarColor } from './useSidebarPreferences.ts';

interface SidebarProps {
  menu: readonly MenuEntry[];
  companyName: string;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  onNavigate: () => void;
  /** What the top bar has no room for on a phone (its manuals and language), shown under the logo. */
  tools?: ReactNode;
}

export function Sidebar({ menu, companyName, collapsed, onToggleCollapsed, onNavigate, tools }: SidebarProps) {
  const { t } = useTranslation();
  const [color, setColor] = useSidebarColor();
  const palette = SIDEBAR_PALETTE[color];
  const style = { '--sidebar-start': palette.start, '--sidebar-end': palette.end } as CSSProperties;
  return (
    <AppShell.Navbar
      id="main-sidebar"
      data-testid="sidebar"
      data-collapsed={collapsed ? 'true' : 'false'}
      data-color={color}
      aria-label={t('layout.mainNavigation')}
      className={classes.navbar}
      style={style}
    >
      <SidebarLogo companyName={companyName} collapsed={collapsed} />
      {tools}
      <ScrollArea className={classes.scroll} type="hover" scrollbarSize={6}>
        <SidebarMenu menu={menu} collapsed={collapsed} onNavigate={onNavigate} />
      </ScrollArea>
      <div className={classes.footer}>
        <SidebarColorMenu color={color} onChange={setColor} />
        <SidebarToggle collapsed={collapsed} onToggle={onToggleCollapsed} />
      </div>
    </AppShell.Navbar>
  );
}
