import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useServiceName } from '../shared/brand.ts';

/** The copyright line shown under every layout (first document, section 1), in the host's service name. */
export function FooterText() {
  const { t } = useTranslation();
  const name = useServiceName();
  return (
    <Text size="xs" c="gray.7" ta="center">
      {t('footer.copyright', { year: new Date().getFullYear(), name })}
    </Text>
  );
}
