import { Alert, Anchor, Card, Grid, Stack, Text, Title } from '@mantine/core';
import type { ContentAnswer, ContentMoviesAnswer, InteriorSceneAnswer, SliderItemAnswer } from '@spinyard/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/apiError.ts';
import { useContent } from '../../../api/contentDetail.ts';
import { useContentProgress } from '../../../api/contentProgress.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { useInterior } from '../../../api/interior.ts';
import { useContentMovies } from '../../../api/movies.ts';
import { useSlider } from '../../../api/slider.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { contentName } from '../../contents/actions/contentText.ts';
import { ContentMissing } from '../../contents/detail/ContentMissing.tsx';
import { editLockOf } from '../../contents/wizard/editLock.ts';
import { InteriorStep } from './InteriorStep.tsx';
import { MovieTextField } from './MovieTextField.tsx';
import { MusicStep } from './MusicStep.tsx';
import { OpeningStep } from './OpeningStep.tsx';
import { CategoryImagesStep, SectionsOrder } from './PartsStep.tsx';
import { RenderStep } from './RenderStep.tsx';
import { type SaveState, useMovieWizardForm } from './useMovieWizardForm.ts';

/**
 * /contents/movie/{CarId} (ours; docs/decisions.md, "Content videos: the wizard"): the content-video wizard of a
 * vehicle, one page of steps saved as the dealer goes, the opening previewed live, and "make the video" at the end.
 */
export function MovieWizardPage() {
  const { carId } = useParams();
  const content = useContent(carId);
  const movies = useContentMovies(carId);
  useContentProgress();
  if (content.isPending || movies.isPending) return <CenteredLoader py={64} />;
  if (!content.data || !movies.data) {
    const error = movies.error ?? content.error;
    if (error instanceof ApiError && error.status !== 404) {
      return (
        <Alert color="red" maw={720} mx="auto">
          {apiErrorText(error)}
        </Alert>
      );
    }
    return <ContentMissing />;
  }
  return <MovieWizard content={content.data} answer={movies.data} />;
}

function Step({ n, title, children, testId }: { n: number; title: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={`${testId}-title`}>
      <Title order={3} size="h4" mb="sm" id={`${testId}-title`}>
        {`${n}. ${title}`}
      </Title>
      <div data-testid={testId}>{children}</div>
    </Card>
  );
}

const SAVE_COLOR: Record<SaveState, string> = {
  idle: 'gray.7',
  saving: 'gray.7',
  saved: 'green.9',
  invalid: 'red.9',
  refused: 'red.9',
};

function MovieWizard({ content, answer }: { content: ContentAnswer; answer: ContentMoviesAnswer }) {
  const { t } = useTranslation();
  const { form, state, problems, flush } = useMovieWizardForm(content.id, answer.settings);
  const slider = useSlider(content.id);
  const interior = useInterior(content.id);
  const images: readonly SliderItemAnswer[] = slider.data?.items ?? [];
  const scenes: readonly InteriorSceneAnswer[] = interior.data?.scenes ?? [];
  // A running process (the render itself) locks saving only while it runs: the server's refusal says so then.
  const lock = editLockOf(content);
  const readOnly = lock !== null && lock.reason !== 'process';
  const name = contentName(content);

  return (
    <Stack gap="lg" maw={1100} mx="auto" data-testid="movie-wizard">
      <Stack gap={4}>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {t('movieWizard.title', { name })}
        </Title>
        <Text size="sm" c="gray.7">
          {t('movieWizard.intro')}{' '}
          <Anchor
            component={Link}
            to={`/contents/detail/${encodeURIComponent(content.id)}`}
            size="sm"
            underline="always"
          >
            {t('movieWizard.back')}
          </Anchor>
        </Text>
        <Text size="sm" c={SAVE_COLOR[state]} aria-live="polite" data-testid="movie-save-state" data-state={state}>
          {/* Nothing changed yet: the intro above already says that changes are saved as the dealer goes. */}
          {state === 'idle' ? null : t(`movieWizard.save.${state}`)}
          {problems.length > 0 ? ` ${[...new Set(problems)].join(' ')}` : null}
        </Text>
        {form.formError ? (
          <Alert color="red" variant="light" role="alert" data-testid="movie-form-error">
            {form.formError}
          </Alert>
        ) : null}
      </Stack>
      <Step n={1} title={t('movieWizard.steps.opening')} testId="movie-step-opening">
        <OpeningStep contentId={content.id} answer={answer} images={images} form={form} readOnly={readOnly} />
      </Step>
      <Step n={2} title={t('movieWizard.steps.music')} testId="movie-step-music">
        <MusicStep form={form} readOnly={readOnly} saved={answer.music} />
      </Step>
      <Step n={3} title={t('movieWizard.steps.parts')} testId="movie-step-parts">
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm">
              <Text size="sm">{t('movieWizard.sections.hint')}</Text>
              <SectionsOrder form={form} readOnly={readOnly} />
              <MovieTextField
                form={form}
                name="exterior_text"
                label={t('movieWizard.fields.exteriorText')}
                testId="movie-exterior-text"
              />
              <MovieTextField
                form={form}
                name="interior_text"
                label={t('movieWizard.fields.interiorText')}
                testId="movie-interior-text"
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Text fw={700} size="sm" mb={6}>
              {t('movieWizard.fields.categoryImages')}
            </Text>
            <CategoryImagesStep form={form} images={images} readOnly={readOnly} />
          </Grid.Col>
        </Grid>
      </Step>
      <Step n={4} title={t('movieWizard.steps.interior')} testId="movie-step-interior">
        <InteriorStep form={form} scenes={scenes} readOnly={readOnly} />
      </Step>
      <Step n={5} title={t('movieWizard.steps.render')} testId="movie-step-render">
        <RenderStep contentId={content.id} answer={answer} flush={flush} readOnly={readOnly} />
      </Step>
    </Stack>
  );
}
