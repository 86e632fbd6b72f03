import { Menu, Tooltip } from '@mantine/core';
import type { MenuEntry } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuIcon } from '../../../shared/menu/menuIcons.ts';
import classes from './Sidebar.module.css';

interface CollapsedMenuProps {
  menu: readonly MenuEntry[];
  activeId: string | undefined;
  onNavigate: () => void;
}

/** The minimized sidebar: one icon per entry with its name as tooltip; a group's children open in a flyout. */
export function CollapsedMenu({ menu, activeId, onNavigate }: CollapsedMenuProps) {
  const { t } = useTranslation();
  const label = (entry: MenuEntry) => t(`menu.${entry.id}`);

  return (
    <ul className={classes.list}>
      {menu.map((entry) => {
        const Icon = menuIcon(entry.id);
        if (!entry.children) {
          const active = entry.id === activeId;
          return (
            <li key={entry.id}>
              <Tooltip label={label(entry)} position="right" withArrow>
                <Link
                  to={entry.path}
                  className={classes.collapsedItem}
                  data-active={active || undefined}
                  aria-current={active ? 'page' : undefined}
                  aria-label={label(entry)}
                  onClick={onNavigate}
                >
                  <Icon size={22} stroke={1.8} aria-hidden />
                </Link>
              </Tooltip>
            </li>
          );
        }
        const containsActive = entry.children.some((c) => c.id === activeId);
        return (
          <li key={entry.id}>
            <Menu trigger="click-hover" position="right-start" offset={10} withinPortal>
              <Menu.Target>
                <button
                  type="button"
                  className={classes.collapsedItem}
                  data-active={containsActive || undefined}
                  aria-label={label(entry)}
                >
                  <Icon size={22} stroke={1.8} aria-hidden />
                </button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{label(entry)}</Menu.Label>
                {entry.children.map((child) => (
                  <Menu.Item
                    key={child.id}
                    component={Link}
                    to={child.path}
                    onClick={onNavigate}
                    fw={child.id === activeId ? 700 : undefined}
                    aria-current={child.id === activeId ? 'page' : undefined}
                  >
                    {label(child)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </li>
        );
      })}
    </ul>
  );
}
