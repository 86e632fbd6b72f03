import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ContentMovieAnswer } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { movieKindKey, playedFile } from './movieText.ts';

/**
 * A ready movie played in the browser's own player: the 720p file on a phone, the 1080p one on a larger screen,
 * the poster shown until it plays. The movie's texts are drawn into its pictures and its sound is music only, so
 * it has no caption track.
 */
export function MoviePlayer({ movie, onClose }: { movie: ContentMovieAnswer; onClose: () => void }) {
  const { t } = useTranslation();
  // Read at once (not after a first draw at a guess), so the player asks for one file only.
  const small = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const file = playedFile(movie.files, small);
  const name = t(movieKindKey(movie.kind));
  return (
    <DialogShell opened onClose={onClose} title={t('contentVideos.playerTitle', { name })} size="xl">
      {file ? (
        <>
          {/* biome-ignore lint/a11y/useMediaCaption: the texts are in the pictures and the sound is music only. */}
          <video
            key={file.url}
            src={file.url}
            poster={movie.poster_url ?? undefined}
            controls
            playsInline
            preload="metadata"
            aria-label={name}
            data-testid="movie-player"
            data-height={file.height}
            style={{ width: '100%', aspectRatio: `${file.width} / ${file.height}`, background: '#000' }}
          />
          <Text size="xs" c="gray.7" mt="xs">
            {t('contentVideos.playing', { height: file.height })}
          </Text>
        </>
      ) : (
        <Text size="sm">{t('contentVideos.noFile')}</Text>
      )}
    </DialogShell>
  );
}
