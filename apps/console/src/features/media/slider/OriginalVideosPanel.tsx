import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOriginalMovieFiles } from '../../../api/slider.ts';
import type { MediaPanelProps } from '../mediaPanel.ts';
import { AudioTracks } from './AudioTracks.tsx';
import { FileListPanel } from './FileListPanel.tsx';

const duration = (seconds: number) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Original content videos: MP4, M4V or MOV up to 256 MB, kept as uploaded, played from the stored file. */
export function OriginalVideosPanel({ contentId, readOnly }: MediaPanelProps) {
  const { t } = useTranslation();
  return (
    <FileListPanel
      files={useOriginalMovieFiles(contentId)}
      readOnly={readOnly}
      upload={{
        label: t('slider.movies.add'),
        accept: 'video/mp4,video/quicktime,video/x-m4v,.mp4,.m4v,.mov',
        rule: 'video',
        hint: (mb) => t('slider.movies.rule', { mb }),
        testId: 'movie-upload',
      }}
      list={{ testId: 'original-movies', empty: t('slider.movies.empty') }}
      item={(movie, index) => {
        const name = movie.file_name ?? t('slider.movies.name', { n: index + 1 });
        return {
          id: movie.id,
          name,
          preview: (
            // biome-ignore lint/a11y/useMediaCaption: the dealer's own video, shown to check it; it has no captions
            <video
              src={movie.url}
              poster={movie.poster.renditions.display?.jpeg}
              controls
              preload="none"
              width={176}
              aria-label={t('slider.movies.player', { name })}
              style={{ display: 'block', borderRadius: 4, maxWidth: '40vw', height: 'auto' }}
              data-testid="original-movie-player"
            />
          ),
          details: (
            <Stack gap={2}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('slider.movies.facts', {
                  name,
                  width: movie.width,
                  height: movie.height,
                  duration: duration(movie.duration_seconds),
                  mb: (movie.bytes / 1024 / 1024).toFixed(1),
                })}
              </Text>
              <AudioTracks contentId={contentId} movieId={movie.id} />
            </Stack>
          ),
        };
      }}
    />
  );
}
