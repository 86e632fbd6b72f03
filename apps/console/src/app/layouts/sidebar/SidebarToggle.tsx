import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './Sidebar.module.css';

/** Minimize or restore the sidebar; aria-expanded tells screen readers which state the menu is in. */
export function SidebarToggle({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const label = collapsed ? t('layout.expandSidebar') : t('layout.collapseSidebar');
  return (
    <Tooltip label={label} position="right" withArrow>
      <ActionIcon
        data-testid="sidebar-toggle"
        // On a phone the sidebar is a drawer opened from the top bar; minimizing it means nothing there.
        visibleFrom="sm"
        variant="subtle"
        size="lg"
        className={classes.footerButton}
        aria-label={label}
        aria-expanded={!collapsed}
        aria-controls="main-sidebar"
        onClick={onToggle}
      >
        {collapsed ? (
          <IconLayoutSidebarLeftExpand size={20} aria-hidden />
        ) : (
          <IconLayoutSidebarLeftCollapse size={20} aria-hidden />
        )}
      </ActionIcon>
    </Tooltip>
  );
}
