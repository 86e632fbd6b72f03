import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { COLLAPSE_ANIMATION_MS } from '@spinyard/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useProfile } from '../../api/profile.ts';
import { FooterText } from '../../components/AppFooter.tsx';
import { LegalGate } from '../../features/legal/LegalGate.tsx';
import { NotAvailablePage } from '../../features/not-found/NotAvailablePage.tsx';
import { useHostServiceName } from '../../shared/brand.ts';
import { useCurrentScreenId, useDocumentTitle } from '../../shared/currentScreen.ts';
import { isRouteAvailable } from '../../shared/menu/screenAvailability.ts';
import { useVisibleMenu } from '../../shared/menu/useVisibleMenu.ts';
import { LayoutLoadFailed, LayoutLoading } from './LayoutStatus.tsx';
import classes from './MainLayout.module.css';
import { Sidebar } from './sidebar/Sidebar.tsx';
import { useSidebarCollapsed } from './sidebar/useSidebarPreferences.ts';
import { PhoneTools } from './topbar/PhoneTools.tsx';
import { TopBar } from './topbar/TopBar.tsx';
import { usePaymentRedirect } from './usePaymentRedirect.ts';

const SIDEBAR_WIDTH = 264;
const SIDEBAR_COLLAPSED_WIDTH = 76;

/** Signed-in screens: sidebar, top bar, content and footer (first document, section 2 "Main layout"). */
export function MainLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const profile = useProfile();
  const menu = useVisibleMenu();
  const [collapsedChoice, toggleCollapsed] = useSidebarCollapsed();
  const [mobileNavOpened, mobileNav] = useDisclosure(false);
  // On a phone the sidebar is a full-width drawer: icons alone would only waste its room.
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const collapsed = collapsedChoice && !isMobile;
  const screenId = useCurrentScreenId();
  const title = t(`screens.${screenId ?? 'not_found'}`);
  useDocumentTitle(title);
  useHostServiceName(profile.data?.domain.service_name);
  usePaymentRedirect(profile.data);

  if (profile.isPending) return <LayoutLoading />;
  if (profile.isError || !menu) return <LayoutLoadFailed onRetry={() => void profile.refetch()} />;

  const companyName = profile.data.company?.name || profile.data.domain.service_name || t('app.name');
  const available = children !== undefined || isRouteAvailable(pathname, menu);

  return (
    <AppShell
      header={{ height: 72 }}
      navbar={{
        width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileNavOpened },
      }}
      transitionDuration={COLLAPSE_ANIMATION_MS}
    >
      {/* Without it the window keeps its scroll position across navigations, so a page reached from the foot of a
          long form would open half-way down; with it a new page starts at its top and "back" returns to where the
          user was. */}
      <ScrollRestoration />
      <a href="#main-content" className={classes.skipLink}>
        {t('layout.skipToContent')}
      </a>
      <TopBar
        title={title}
        screenId={screenId}
        profile={profile.data}
        mobileNavOpened={mobileNavOpened}
        onToggleMobileNav={mobileNav.toggle}
        compact={isMobile}
      />
      <Sidebar
        menu={menu}
        companyName={companyName}
        collapsed={collapsed}
        onToggleCollapsed={toggleCollapsed}
        onNavigate={mobileNav.close}
        tools={isMobile ? <PhoneTools profile={profile.data} /> : undefined}
      />
      {/* AppShell's content area, rendered as a plain box so that <main> and the footer are siblings: a footer
          nested inside <main> would not be the page's contentinfo landmark. */}
      <AppShell.Main className={classes.main} renderRoot={(props) => <div {...props} />}>
        <main className={classes.content} id="main-content" tabIndex={-1}>
          {available ? (children ?? <Outlet />) : <NotAvailablePage />}
        </main>
        <footer className={classes.footer} data-testid="footer">
          <FooterText />
        </footer>
        {/* A newer version of the domain's terms than the user accepted: asked before they go on. */}
        <LegalGate />
      </AppShell.Main>
    </AppShell>
  );
}
