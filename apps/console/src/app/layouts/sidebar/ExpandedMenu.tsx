import { Collapse } from '@mantine/core';
import { COLLAPSE_ANIMATION_MS, type MenuEntry } from '@spinyard/domain';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuIcon } from '../../../shared/menu/menuIcons.ts';
import { NewBadge } from './NewBadge.tsx';
import classes from './Sidebar.module.css';

interface ExpandedMenuProps {
  menu: readonly MenuEntry[];
  activeId: string | undefined;
  openIds: ReadonlySet<string>;
  onToggle: (groupId: string) => void;
  onNavigate: () => void;
}

/** The full sidebar: icons and names, groups that fold open under their heading; each item names its entry (`data-menu-id`). */
export function ExpandedMenu({ menu, activeId, openIds, onToggle, onNavigate }: ExpandedMenuProps) {
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
              <Link
                to={entry.path}
                data-menu-id={entry.id}
                className={classes.item}
                data-active={active || undefined}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
              >
                <Icon size={20} stroke={1.8} aria-hidden />
                <span className={classes.label}>{label(entry)}</span>
                {entry.isNew ? <NewBadge /> : null}
              </Link>
            </li>
          );
        }
        const opened = openIds.has(entry.id);
        const containsActive = entry.children.some((c) => c.id === activeId);
        const groupListId = `sidebar-group-${entry.id}`;
        return (
          <li key={entry.id}>
            <button
              type="button"
              data-menu-id={entry.id}
              className={classes.item}
              aria-expanded={opened}
              aria-controls={groupListId}
              // A folded group still shows where the user is.
              data-active={(!opened && containsActive) || undefined}
              onClick={() => onToggle(entry.id)}
            >
              <Icon size={20} stroke={1.8} aria-hidden />
              <span className={classes.label}>{label(entry)}</span>
              {entry.isNew ? <NewBadge /> : null}
              <IconChevronRight size={16} className={classes.chevron} data-open={opened || undefined} aria-hidden />
            </button>
            <Collapse in={opened} transitionDuration={COLLAPSE_ANIMATION_MS}>
              <ul id={groupListId} className={classes.subList}>
                {entry.children.map((child) => {
                  const active = child.id === activeId;
                  return (
                    <li key={child.id}>
                      <Link
                        to={child.path}
                        data-menu-id={child.id}
                        className={classes.subItem}
                        data-active={active || undefined}
                        aria-current={active ? 'page' : undefined}
                        onClick={onNavigate}
                      >
                        <span className={classes.label}>{label(child)}</span>
                        {child.isNew ? <NewBadge /> : null}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </Collapse>
          </li>
        );
      })}
    </ul>
  );
}
