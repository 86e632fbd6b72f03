import { Button, Grid, Group, Image, Stack, Text } from '@mantine/core';
import {
  type ContentMoviesAnswer,
  OPENING_IMAGE_MAX_BYTES,
  type SliderItemAnswer,
  VIDEO_OPENING_SUBTITLE_MAX_LINES,
  VIDEO_OPENING_TITLE_MAX_LINES,
} from '@spinyard/domain';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { useDeleteOpeningImage, useUploadOpeningImage } from '../../../api/movies.ts';
import { FileUpload } from '../../media/slider/FileUpload.tsx';
import { MovieTextField } from './MovieTextField.tsx';
import { OpeningPreview } from './OpeningPreview.tsx';
import type { MovieWizardForm } from './useMovieWizardForm.ts';

/** A picture's URL to show: its display size, else any size it has. */
export function pictureUrl(image: { renditions: Record<string, { jpeg: string }> } | null | undefined) {
  if (!image) return null;
  const r = image.renditions;
  return (r.display ?? r.preview ?? r.thumbnail ?? Object.values(r)[0])?.jpeg ?? null;
}

/**
 * The opening: its picture (JPEG or PNG, 20 MB, judged in the browser before it is sent; the server's refusal shown
 * on the field), its title (5 lines) and subtitle (4 lines) with their counters, and beside them the live preview
 * of the first seconds. Without its own picture the opening shows the first chosen category image, as the render.
 */
export function OpeningStep({
  contentId,
  answer,
  images,
  form,
  readOnly,
}: {
  contentId: string;
  answer: ContentMoviesAnswer;
  images: readonly SliderItemAnswer[];
  form: MovieWizardForm;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const upload = useUploadOpeningImage(contentId);
  const remove = useDeleteOpeningImage(contentId);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const title = (useWatch({ control: form.control, name: 'opening.title' }) as string | undefined) ?? '';
  const subtitle = (useWatch({ control: form.control, name: 'opening.subtitle' }) as string | undefined) ?? '';
  const chosen = (useWatch({ control: form.control, name: 'category_images' }) ?? []) as { item_id: string }[];
  const own = pictureUrl(answer.opening_image);
  const first = images.find((i) => i.kind === 'image' && i.id === chosen[0]?.item_id);
  const picture = own ?? (first?.kind === 'image' ? pictureUrl(first.image) : null);

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="sm">
          <Text fw={700} size="sm">
            {t('movieWizard.fields.openingImage')}
          </Text>
          {own ? (
            <Group gap="sm" align="flex-end" wrap="nowrap">
              <Image src={own} alt={t('movieWizard.opening.imageAlt')} w={160} radius="sm" />
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} aria-hidden />}
                disabled={readOnly}
                loading={remove.isPending}
                onClick={() => {
                  setRemoveError(null);
                  remove.mutate(undefined, {
                    onError: (e) => setRemoveError(e instanceof ApiError ? apiErrorText(e) : t('errors.general_error')),
                  });
                }}
              >
                {t('movieWizard.opening.removeImage')}
              </Button>
            </Group>
          ) : (
            <Text size="xs" c="gray.7">
              {t('movieWizard.opening.noImage')}
            </Text>
          )}
          {removeError ? (
            <Text size="sm" c="red.9" role="alert">
              {removeError}
            </Text>
          ) : null}
          <FileUpload
            label={t(own ? 'movieWizard.opening.replaceImage' : 'movieWizard.opening.chooseImage')}
            accept="image/jpeg,image/png"
            disabled={readOnly}
            rule={{ kind: 'hotspot_image', maxBytes: OPENING_IMAGE_MAX_BYTES }}
            upload={(file, onProgress) => upload.mutateAsync({ file, onProgress })}
            hint={t('movieWizard.opening.imageRule')}
            testId="movie-opening-image"
          />
          <MovieTextField
            form={form}
            name="opening.title"
            label={t('movieWizard.fields.title')}
            maxLines={VIDEO_OPENING_TITLE_MAX_LINES}
            testId="movie-title"
          />
          <MovieTextField
            form={form}
            name="opening.subtitle"
            label={t('movieWizard.fields.subtitle')}
            maxLines={VIDEO_OPENING_SUBTITLE_MAX_LINES}
            testId="movie-subtitle"
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Text fw={700} size="sm" mb={6}>
          {t('movieWizard.preview.title')}
        </Text>
        <OpeningPreview picture={picture} title={title} subtitle={subtitle} />
      </Grid.Col>
    </Grid>
  );
}
