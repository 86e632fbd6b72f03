import { DEFAULT_COMPANY_CODE } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCompanyCode } from '../../../api/companyCode.ts';
import { CompanyLogo } from '../../../components/CompanyLogo.tsx';
import classes from './Sidebar.module.css';

/**
 * The company's logo, linking to /top. Its alt text is the company name (the spec's "default title"); a
 * minimized sidebar has no room for a 488x110 logo, so it shows the name's first letter instead.
 */
export function SidebarLogo({ companyName, collapsed }: { companyName: string; collapsed: boolean }) {
  const { t } = useTranslation();
  const companyCode = useCompanyCode();
  return (
    <Link
      to="/top"
      className={classes.logo}
      aria-label={collapsed ? t('layout.logoLink', { name: companyName }) : undefined}
    >
      {collapsed ? (
        <span className={classes.logoInitial} aria-hidden>
          {Array.from(companyName)[0] ?? ''}
        </span>
      ) : companyCode.isPending ? null : (
        <CompanyLogo code={companyCode.data ?? DEFAULT_COMPANY_CODE} name={companyName} maxHeight={44} />
      )}
    </Link>
  );
}
