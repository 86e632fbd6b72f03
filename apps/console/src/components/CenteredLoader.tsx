import { Center, Loader, type MantineSpacing } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A spinner in the middle of the space a screen or a panel will fill once its data has come. */
export function CenteredLoader({ py = 'xl' }: { py?: MantineSpacing | number }) {
  const { t } = useTranslation();
  return (
    <Center py={py}>
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}
