import { DEFAULT_COMPANY_CODE } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCompanyCode } from '../../../api/companyCode.ts';
import { CompanyLogo } from '../../../components/CompanyLogo.tsx';
import classes from './Sidebar.module.css';

/**
 * The company's logo, linking to /top. Its alt text is the company name (the spec's "default title"). A minimized
 * sidebar shows the same logo scaled into its narrow column, so the brand stays the one the tenant chose. The link is
 * named by its label in every state: while the company code loads it holds no picture yet, and an unnamed link is
 * what a screen reader (and the browser tests' axe check) would meet first on every page.
 */
export function SidebarLogo({ companyName, collapsed }: { companyName: string; collapsed: boolean }) {
  const { t } = useTranslation();
  const companyCode = useCompanyCode();
  return (
    <Link
      to="/top"
      className={classes.logo}
      data-testid="sidebar-logo"
      aria-label={t('layout.logoLink', { name: companyName })}
    >
      {companyCode.isPending ? null : (
        <CompanyLogo
          code={companyCode.data ?? DEFAULT_COMPANY_CODE}
          hasLogo={companyCode.hasLogo}
          name={companyName}
          maxHeight={collapsed ? 32 : 44}
        />
      )}
    </Link>
  );
}
