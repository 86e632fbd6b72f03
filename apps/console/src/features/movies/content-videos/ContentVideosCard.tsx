import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import {
  CONTENT_MOVIE_PROCESS,
  type ContentAnswer,
  type ContentMovieAnswer,
  type ContentMovieKind,
} from '@spinyard/domain';
import { IconMovie } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { contentKeys } from '../../../api/contents.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { useContentMovies, useDeleteMovie, useStartMovie } from '../../../api/movies.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { i18n } from '../../../i18n/i18n.ts';
import { SectionCard } from '../../tenancy/shared/SectionCard.tsx';
import { movieWizardPath } from '../wizard/movieWizardPath.ts';
import { MoviePlayer } from './MoviePlayer.tsx';
import { MovieRow } from './MovieRow.tsx';
import { movieKindKey } from './movieText.ts';

/** A refused render or delete in the user's language (a 409 while rendering names the running process). */
const refusalText = (error: unknown) =>
  error instanceof ApiError ? apiErrorText(error) : i18n.t('errors.general_error');

/**
 * The vehicle's content videos on its detail page (issue 20): the promo, the exterior spin's film and the interior
 * tour, each with its state and live progress, watched in a player, made (again) and deleted, and the way to the
 * wizard that sets what the promo shows. The promo's address (the contents movie URL) is with the vehicle's other
 * addresses (UrlsCard).
 */
export function ContentVideosCard({ content }: { content: ContentAnswer }) {
  const { t } = useTranslation();
  const movies = useContentMovies(content.id);
  const client = useQueryClient();
  const render = useStartMovie(content.id);
  const remove = useDeleteMovie(content.id);
  const [playing, setPlaying] = useState<ContentMovieKind | null>(null);
  const [deleting, setDeleting] = useState<ContentMovieKind | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const list = movies.data?.movies ?? [];
  const played = list.find((m) => m.kind === playing && m.status === 'ready');

  /**
   * A movie as it stands now: rendering from the moment the process socket says its process runs (a render started
   * in the wizard or another tab), with the process's progress; the movies' own answer otherwise.
   */
  const live = (movie: ContentMovieAnswer): ContentMovieAnswer => {
    const running = content.processes.find(
      (p) => p.process === CONTENT_MOVIE_PROCESS[movie.kind] && (p.status === 'queued' || p.status === 'running'),
    );
    return running ? { ...movie, status: 'rendering', progress: running.progress, error: null } : movie;
  };

  const start = (kind: ContentMovieKind) => {
    setRefusal(null);
    render.mutate(kind, { onError: (error) => setRefusal(refusalText(error)) });
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setRefusal(null);
    try {
      await remove.mutateAsync(deleting);
      // The vehicle's contents movie URL goes with the promo.
      await client.invalidateQueries({ queryKey: contentKeys.detail(content.id) });
    } catch (error) {
      setRefusal(refusalText(error));
    }
    setDeleting(null);
  };

  return (
    <SectionCard
      id="content-videos"
      testId="content-videos"
      title={t('contentVideos.title')}
      description={t('contentVideos.description')}
      actions={
        <LinkButton to={movieWizardPath(content.id)} icon={IconMovie} variant="default" testId="content-videos-edit">
          {t('contentVideos.edit')}
        </LinkButton>
      }
    >
      <Stack gap="md">
        {refusal ? (
          <Alert color="red" variant="light" role="alert" data-testid="content-videos-refusal">
            {refusal}
          </Alert>
        ) : null}
        {movies.isPending ? (
          <Skeleton h={120} />
        ) : movies.isError ? (
          <Text size="sm">{refusalText(movies.error)}</Text>
        ) : (
          <Stack gap="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map(live).map((movie) => (
              <MovieRow
                key={movie.kind}
                movie={movie}
                actions={{
                  onWatch: () => setPlaying(movie.kind),
                  onRender: () => start(movie.kind),
                  onDelete: () => setDeleting(movie.kind),
                  starting: render.isPending && render.variables === movie.kind,
                }}
              />
            ))}
          </Stack>
        )}
      </Stack>
      {played ? <MoviePlayer movie={played} onClose={() => setPlaying(null)} /> : null}
      <ConfirmModal
        opened={deleting !== null}
        title={t('contentVideos.deleteTitle', { name: deleting ? t(movieKindKey(deleting)) : '' })}
        confirmLabel={t('contentVideos.delete')}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
        loading={remove.isPending}
        testId="content-video-delete-dialog"
      >
        <Text size="sm">{t('contentVideos.deleteText')}</Text>
      </ConfirmModal>
    </SectionCard>
  );
}
