import { Button, Center, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageStatus } from '../../components/CenteredLoader.tsx';

/** While the profile that the layout is built from loads. */
export function LayoutLoading() {
  const { t } = useTranslation();
  return <PageStatus message={t('common.loading')} />;
}

/** The profile could not be read (server down): say so and offer a retry instead of an empty shell. */
export function LayoutLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main>
      <Center h="100dvh" p="md">
        <Stack align="center" gap="md" maw={420}>
          <Text ta="center">{t('layout.loadFailed')}</Text>
          <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Center>
    </main>
  );
}
