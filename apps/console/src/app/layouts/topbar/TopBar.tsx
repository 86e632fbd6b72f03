import { AppShell, Box, Burger, Button, Group, Stack, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Profile } from '../../../api/profile.ts';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher.tsx';
import { AccountLabel } from './AccountLabel.tsx';
import { CarSiteStatusLink } from './CarSiteStatusLink.tsx';
import { ManualMenu } from './ManualMenu.tsx';
import { PageBreadcrumbs } from './PageBreadcrumbs.tsx';
import classes from './TopBar.module.css';

interface TopBarProps {
  title: string;
  screenId: string | undefined;
  profile: Profile;
  mobileNavOpened: boolean;
  onToggleMobileNav: () => void;
  /** A phone: the manuals and the language move into the menu (PhoneTools), leaving the title the bar's width. */
  compact: boolean;
}

/**
 * Page title and breadcrumb on the left; who is signed in, the listing-site status, manuals, language and
 * sign-out on the right. On narrow screens the buttons keep their icons and accessible names only; on a phone the
 * manuals and the language are in the menu, since next to them a French title had a hundred pixels and was cut.
 */
export function TopBar({ title, screenId, profile, mobileNavOpened, onToggleMobileNav, compact }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <AppShell.Header data-testid="topbar" px={{ base: 'sm', sm: 'lg' }}>
      <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
          <Burger
            opened={mobileNavOpened}
            onClick={onToggleMobileNav}
            hiddenFrom="sm"
            size="sm"
            aria-label={mobileNavOpened ? t('layout.closeNavigation') : t('layout.openNavigation')}
            aria-controls="main-sidebar"
          />
          <Stack gap={0} miw={0}>
            <Box visibleFrom="sm">
              <PageBreadcrumbs screenId={screenId} />
            </Box>
            <Title order={1} fz={{ base: 'md', sm: 18 }} data-testid="page-title" className={classes.title}>
              {title}
            </Title>
          </Stack>
        </Group>
        <Group gap="md" wrap="nowrap">
          <Group gap="lg" wrap="nowrap" visibleFrom="lg">
            <CarSiteStatusLink joined={profile.cs_joined === true} />
            <AccountLabel profile={profile} />
          </Group>
          <Group gap={6} wrap="nowrap">
            {compact ? null : (
              <>
                <ManualMenu profile={profile} />
                <LanguageSwitcher size="xs" />
              </>
            )}
            <Button
              component={Link}
              to="/logout"
              data-testid="logout"
              aria-label={t('layout.logout')}
              variant="default"
              size="xs"
              px={{ base: 8, sm: 'sm' }}
              leftSection={<IconLogout size={16} aria-hidden />}
              styles={{ section: { marginInlineEnd: 0 } }}
            >
              <Box component="span" visibleFrom="sm" ml={6}>
                {t('layout.logout')}
              </Box>
            </Button>
          </Group>
        </Group>
      </Group>
    </AppShell.Header>
  );
}
