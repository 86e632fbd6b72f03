import { Alert, Badge, Button, Group, Image, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ContentMovieAnswer } from '@spinyard/domain';
import { IconPlayerPlay, IconRefresh, IconTrash, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/formatDateTime.ts';
import { movieErrorText, movieKindKey } from './movieText.ts';

const STATUS_COLOURS: Record<ContentMovieAnswer['status'], string> = {
  none: 'gray',
  rendering: 'blue',
  ready: 'teal',
  failed: 'red',
};

export interface MovieRowActions {
  onWatch: () => void;
  onRender: () => void;
  onDelete: () => void;
  /** A render of this kind is being asked for. */
  starting: boolean;
}

/** What a ready movie is: its length and when it was made. */
function ReadyFacts({ movie }: { movie: ContentMovieAnswer }) {
  const { t, i18n } = useTranslation();
  return (
    <Text size="xs" c="gray.7">
      {t('contentVideos.readyFacts', {
        seconds: Math.round(movie.duration_seconds ?? 0),
        time: movie.rendered_at ? formatDateTime(movie.rendered_at, i18n.language) : '',
      })}
    </Text>
  );
}

/**
 * One of the vehicle's three movies: its state (none, rendering with its progress moving live, ready with its
 * poster, failed with the reason), and watch, make (again) and delete. Delete stays offered while it renders: the
 * server's refusal (409) says why it cannot go yet.
 */
export function MovieRow({ movie, actions }: { movie: ContentMovieAnswer; actions: MovieRowActions }) {
  const { t } = useTranslation();
  const name = t(movieKindKey(movie.kind));
  const rendering = movie.status === 'rendering';
  const progress = movie.progress;
  const error = movie.status === 'failed' ? movieErrorText(movie.error) : null;
  const made = movie.status === 'ready' || movie.status === 'failed';
  return (
    <Stack gap="xs" component="li" data-testid={`content-video-${movie.kind}`} data-status={movie.status}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
          {movie.status === 'ready' && movie.poster_url ? (
            <UnstyledButton onClick={actions.onWatch} aria-label={t('contentVideos.watchOf', { name })}>
              <Image src={movie.poster_url} alt="" w={96} h={54} radius="sm" fit="cover" />
            </UnstyledButton>
          ) : (
            <IconVideo size={28} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          )}
          <Stack gap={4} miw={0}>
            <Text fw={600} size="sm">
              {name}
            </Text>
            <Group gap={6}>
              <Badge color={STATUS_COLOURS[movie.status]} variant="light" data-testid="content-video-status">
                {t(`contentVideos.statuses.${movie.status}`)}
              </Badge>
              {movie.stale && !rendering ? (
                <Badge color="orange" variant="light" data-testid="content-video-stale">
                  {t('contentVideos.stale')}
                </Badge>
              ) : null}
            </Group>
            {movie.status === 'ready' ? <ReadyFacts movie={movie} /> : null}
          </Stack>
        </Group>
        <Group gap="xs">
          {movie.status === 'ready' ? (
            <Button
              size="compact-sm"
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              onClick={actions.onWatch}
              data-testid="content-video-watch"
            >
              {t('contentVideos.watch')}
            </Button>
          ) : null}
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={actions.onRender}
            loading={actions.starting}
            disabled={rendering}
            data-testid="content-video-render"
          >
            {made ? t('contentVideos.rerender') : t('contentVideos.render')}
          </Button>
          {movie.status === 'none' ? null : (
            <Button
              size="compact-sm"
              variant="subtle"
              // Plain "red", as every other subtle delete: the subtle variant drew the "red.8" of before in shade 6
              // (#fa5252, 3.3:1 on white; axe flagged it on the detail page).
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={actions.onDelete}
              aria-label={t('contentVideos.deleteOf', { name })}
              data-testid="content-video-delete"
            >
              {t('contentVideos.delete')}
            </Button>
          )}
        </Group>
      </Group>
      {rendering ? (
        <Stack gap={2}>
          <Progress value={progress} animated aria-label={t('contentVideos.progressOf', { name })} />
          <Text size="xs" data-testid="content-video-progress">
            {t('contentVideos.progress', { progress })}
          </Text>
        </Stack>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" p="xs" data-testid="content-video-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
