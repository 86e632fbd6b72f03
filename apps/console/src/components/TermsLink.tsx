import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** "Read the terms of service": opens /terms in a new tab, so a half-filled registration form stays as it is. */
export function TermsLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/terms" target="_blank" rel="noopener" size="sm" data-testid="terms-link">
      {t('terms.read')}
    </Anchor>
  );
}
