import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useHostBrand } from '../../api/companyCode.ts';
import { FooterText } from '../../components/AppFooter.tsx';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import { useHostServiceName } from '../../shared/brand.ts';
import classes from './LoginLayout.module.css';

/** Sign-in, registration and password screens: only a language switcher and the footer (first document, section 2). */
export function LoginLayout({ children }: { children?: ReactNode }) {
  // A white-label host's sign-in screens carry the tenant's name in the title and footer, not the product's.
  useHostServiceName(useHostBrand().data?.serviceName);
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
