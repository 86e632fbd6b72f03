import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AudioLibrary } from './AudioLibrary.tsx';
import { AudioUploadForm } from './AudioUploadForm.tsx';

/**
 * /contents/audio-library (ours; docs/decisions.md, "Content videos: audio library"): the music of content videos on
 * its own page, reached from the vehicle menu, until the content-video wizard opens the same component as its music
 * step (where "choose" appears).
 */
export function AudioLibraryPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1200} mx="auto" data-testid="audio-library-page">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('audioLibrary.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('audioLibrary.intro')}
        </Text>
      </Stack>
      <AudioLibrary />
      <AudioUploadForm />
    </Stack>
  );
}
