import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEGAL_LINKS } from './AppFooter.tsx';

/**
 * Under the registration's "I accept" box: the terms of service, then the privacy policy and the personal-information
 * notice, each opening in a new tab so a half-filled registration form stays as it is.
 */
export function TermsLink() {
  const { t } = useTranslation();
  const [terms, ...others] = LEGAL_LINKS;
  return (
    <>
      <Anchor component={Link} to={terms.path} target="_blank" rel="noopener" size="sm" data-testid="terms-link">
        {t('terms.read')}
      </Anchor>
      <Group gap={6} component="span" mt={2}>
        <Text span size="sm">
          {t('legal.readAlso')}
        </Text>
        {others.map((link) => (
          <Anchor
            key={link.path}
            component={Link}
            to={link.path}
            target="_blank"
            rel="noopener"
            size="sm"
            aria-label={t('legal.newTab', { title: t(link.titleKey) })}
          >
            {t(link.titleKey)}
          </Anchor>
        ))}
      </Group>
    </>
  );
}
