import { useTranslation } from 'react-i18next';
import classes from './Sidebar.module.css';

/** The "new" mark of a menu entry. */
export function NewBadge() {
  const { t } = useTranslation();
  return <span className={classes.newBadge}>{t('layout.newBadge')}</span>;
}
