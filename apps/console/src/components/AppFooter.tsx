import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServiceName } from '../shared/brand.ts';

/** The three legal texts' screens (issue 19), linked from every footer; their titles are the screens' own. */
export const LEGAL_LINKS = [
  { path: '/terms', titleKey: 'screens.terms' },
  { path: '/privacy', titleKey: 'screens.privacy' },
  { path: '/personal-information', titleKey: 'screens.personal_information' },
] as const;

/**
 * The footer under every layout (first document, section 1): the links to the legal texts and the copyright line,
 * in the host's service name.
 */
export function FooterText() {
  const { t } = useTranslation();
  const name = useServiceName();
  return (
    <Stack gap={4} align="center">
      <Group component="nav" aria-label={t('footer.legal')} gap="md" justify="center" data-testid="footer-legal">
        {LEGAL_LINKS.map((link) => (
          <Anchor key={link.path} component={Link} to={link.path} size="xs" c="gray.8">
            {t(link.titleKey)}
          </Anchor>
        ))}
      </Group>
      <Text size="xs" c="gray.7" ta="center">
        {t('footer.copyright', { year: new Date().getFullYear(), name })}
      </Text>
    </Stack>
  );
}
