import { Anchor, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useExteriorMovies } from '../../../api/exterior.ts';
import { formatBytes } from './exteriorText.ts';

/**
 * "Download the original video": the walk-around videos the spin was made from, while the domain keeps them (the
 * exterior movie backup). Nothing is shown when none is kept; the links are signed for this user and expire.
 */
export function OriginalVideoDownloads({ contentId }: { contentId: string }) {
  const { t, i18n } = useTranslation();
  const movies = useExteriorMovies(contentId);
  if (!movies.data) return null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Group gap="md" wrap="wrap" data-testid="exterior-original-videos">
      {movies.data.movies.map((movie) => (
        <Anchor
          key={movie.id}
          href={movie.url}
          download={movie.file_name ?? true}
          size="sm"
          data-testid="exterior-original-video"
        >
          <Group gap={4} wrap="nowrap" component="span">
            <IconDownload size={16} aria-hidden />
            {t('exterior.originalVideo.download')}
          </Group>
          <Text span size="xs" c="dimmed" ml={6}>
            {t('exterior.originalVideo.facts', {
              name: movie.file_name ?? '',
              size: formatBytes(movie.size),
              kept: movie.expires_at
                ? t('exterior.originalVideo.keptUntil', { date: date.format(new Date(movie.expires_at)) })
                : t('exterior.originalVideo.keptAlways'),
            })}
          </Text>
        </Anchor>
      ))}
    </Group>
  );
}
