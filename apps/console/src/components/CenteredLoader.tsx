import { Center, Loader, type MantineSpacing, Stack, Text } from '@mantine/core';
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

/** The whole page while the app works before any screen can show (the layout's profile, a sign-out): what it does. */
export function PageStatus({ message }: { message: string }) {
  return (
    <main>
      <Center h="100dvh">
        <Stack align="center" gap="sm">
          <Loader aria-hidden />
          <Text role="status">{message}</Text>
        </Stack>
      </Center>
    </main>
  );
}
