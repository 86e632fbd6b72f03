import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { FooterText } from '../../components/AppFooter.tsx';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import classes from './LoginLayout.module.css';

/** Sign-in, registration and password screens: only a language switcher and the footer (first document, section 2). */
export function LoginLayout({ children }: { children?: ReactNode }) {
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <LanguageSwitcher />
      </header>
      <main className={classes.main}>{children ?? <Outlet />}</main>
      <footer className={classes.footer} data-testid="footer">
        <FooterText />
      </footer>
    </div>
  );
}
