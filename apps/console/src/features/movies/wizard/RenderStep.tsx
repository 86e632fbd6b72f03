import { Alert, Anchor, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import {
  CONTENT_MOVIE_KINDS,
  type ContentMovieAnswer,
  type ContentMovieKind,
  type ContentMoviesAnswer,
} from '@spinyard/domain';
import { IconMovie } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { useStartMovie } from '../../../api/movies.ts';
import { i18n } from '../../../i18n/i18n.ts';

const STATUS_COLOR = { none: 'gray', rendering: 'blue', ready: 'green', failed: 'red' } as const;

/** Why a render failed, in the user's language (its catalogue code), else the server's sentence. */
function failureText(error: ContentMovieAnswer['error']): string {
  if (!error) return '';
  const key = `errors.${error.code}`;
  return i18n.exists(key) ? i18n.t(key) : error.message;
}

/**
 * Making the videos: the promo first ("make the video"), the spin and interior movies beside it; each with its state,
 * its progress while it renders (read again every second, and moved by the process socket), and once ready a link
 * to watch it. The settings are saved first, so the movie is made from what is on screen; a form with a refused field
 * is not rendered.
 */
export function RenderStep({
  contentId,
  answer,
  flush,
  readOnly,
}: {
  contentId: string;
  answer: ContentMoviesAnswer;
  /** Saves the settings now: false when a field is refused (the render would use the last settings saved). */
  flush: () => Promise<boolean>;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const start = useStartMovie(contentId);
  const [refusal, setRefusal] = useState<{ kind: ContentMovieKind; text: string } | null>(null);

  const make = async (kind: ContentMovieKind) => {
    setRefusal(null);
    if (!(await flush())) {
      setRefusal({ kind, text: t('movieWizard.render.fixFirst') });
      return;
    }
    start.mutate(kind, {
      onError: (e) => setRefusal({ kind, text: e instanceof ApiError ? apiErrorText(e) : t('errors.general_error') }),
    });
  };

  return (
    <Stack gap="sm" data-testid="movie-render">
      {CONTENT_MOVIE_KINDS.map((kind) => {
        const movie = answer.movies.find((m) => m.kind === kind);
        const status = movie?.status ?? 'none';
        const file = movie?.files[0];
        return (
          <Paper key={kind} withBorder radius="md" p="sm" data-testid={`movie-${kind}`} data-status={status}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Group gap="xs">
                  <Text fw={700} size="sm">
                    {t(`movieWizard.kinds.${kind}`)}
                  </Text>
                  <Badge color={STATUS_COLOR[status]} variant="light" data-testid={`movie-${kind}-status`}>
                    {t(`movieWizard.status.${status}`)}
                  </Badge>
                  {movie?.stale && status === 'ready' ? (
                    <Badge color="orange" variant="outline">
                      {t('movieWizard.status.stale')}
                    </Badge>
                  ) : null}
                </Group>
                <Button
                  size={kind === 'slider' ? 'sm' : 'xs'}
                  variant={kind === 'slider' ? 'filled' : 'default'}
                  leftSection={<IconMovie size={16} aria-hidden />}
                  disabled={readOnly || status === 'rendering'}
                  loading={start.isPending && start.variables === kind}
                  onClick={() => void make(kind)}
                  data-testid={`movie-${kind}-make`}
                >
                  {t(status === 'none' ? `movieWizard.render.make.${kind}` : 'movieWizard.render.again')}
                </Button>
              </Group>
              {status === 'rendering' ? (
                <Progress
                  value={movie?.progress ?? 0}
                  animated
                  aria-label={t('movieWizard.render.progress', {
                    name: t(`movieWizard.kinds.${kind}`),
                    percent: movie?.progress ?? 0,
                  })}
                  data-testid={`movie-${kind}-progress`}
                />
              ) : null}
              {status === 'ready' && file ? (
                <Anchor href={file.url} target="_blank" rel="noopener" size="sm" data-testid={`movie-${kind}-watch`}>
                  {t('movieWizard.render.watch', { seconds: Math.round(movie?.duration_seconds ?? 0) })}
                </Anchor>
              ) : null}
              {status === 'failed' ? (
                <Text size="sm" c="red.9">
                  {failureText(movie?.error ?? null)}
                </Text>
              ) : null}
              {refusal?.kind === kind ? (
                <Alert color="red" variant="light" role="alert" data-testid={`movie-${kind}-refused`}>
                  {refusal.text}
                </Alert>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
