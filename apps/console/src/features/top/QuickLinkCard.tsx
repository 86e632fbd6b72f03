import { Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import type { MenuEntry } from '@spinyard/domain';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuIcon } from '../../shared/menu/menuIcons.ts';
import classes from './TopPage.module.css';

/** One visible menu area: its name, what it is for, and a link to its first screen. */
export function QuickLinkCard({ entry }: { entry: MenuEntry }) {
  const { t } = useTranslation();
  const Icon = menuIcon(entry.id);
  const target = entry.children?.[0]?.path ?? entry.path;
  return (
    <Card component={Link} to={target} withBorder radius="lg" padding="lg" className={classes.card}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="md" variant="light" color="blue">
          <Icon size={24} aria-hidden />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Title order={3} size="h5" mb={4}>
            {t(`menu.${entry.id}`)}
          </Title>
          <Text size="sm" c="gray.7">
            {t(`menuHelp.${entry.id}`)}
          </Text>
        </div>
        <IconChevronRight size={18} className={classes.chevron} aria-hidden />
      </Group>
    </Card>
  );
}
