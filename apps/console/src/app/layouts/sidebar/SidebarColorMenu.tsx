import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { SIDEBAR_COLOURS, type SidebarColour } from '@spinyard/domain';
import { IconCheck, IconPalette } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './Sidebar.module.css';
import { SIDEBAR_PALETTE } from './sidebarColors.ts';

/** The sidebar colour choice, a small menu in the sidebar footer. */
export function SidebarColorMenu({ color, onChange }: { color: SidebarColour; onChange: (c: SidebarColour) => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="top-start" withinPortal>
      <Menu.Target>
        <Tooltip label={t('layout.sidebarColor')} position="right" withArrow>
          <ActionIcon variant="subtle" size="lg" className={classes.footerButton} aria-label={t('layout.sidebarColor')}>
            <IconPalette size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('layout.sidebarColor')}</Menu.Label>
        {SIDEBAR_COLOURS.map((c) => (
          <Menu.Item
            key={c}
            onClick={() => onChange(c)}
            leftSection={
              <span className={classes.swatch} style={{ background: SIDEBAR_PALETTE[c].start }} aria-hidden />
            }
            rightSection={c === color ? <IconCheck size={16} aria-label={t('layout.selected')} /> : null}
            aria-current={c === color ? 'true' : undefined}
          >
            {t(`layout.colors.${c}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
