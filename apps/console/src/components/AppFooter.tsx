import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The copyright line shown under every layout (first document, section 1). */
export function FooterText() {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="gray.7" ta="center">
      {t('footer.copyright', { year: new Date().getFullYear() })}
    </Text>
  );
}
