import { Button, Checkbox, Group, Image, Paper, Stack, Text } from '@mantine/core';
import {
  CONTENT_MOVIE_SECTIONS,
  type ContentMovieSection,
  type SliderItemAnswer,
  VIDEO_MAX_CATEGORY_IMAGES,
} from '@spinyard/domain';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useController, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MoveArrows } from '../../../shared/buttons/MoveArrows.tsx';
import { MovieTextField } from './MovieTextField.tsx';
import { pictureUrl } from './OpeningStep.tsx';
import { errorAt, type MovieWizardForm } from './useMovieWizardForm.ts';

/** The parts after the opening: which are in the video and in what order (a part left out is not filmed). */
export function SectionsOrder({ form, readOnly }: { form: MovieWizardForm; readOnly: boolean }) {
  const { t } = useTranslation();
  const { field } = useController({ control: form.control, name: 'sections' });
  const order = (field.value ?? []) as ContentMovieSection[];
  const left = CONTENT_MOVIE_SECTIONS.filter((s) => !order.includes(s));
  const move = (from: number, to: number) => {
    const next = [...order];
    const [item] = next.splice(from, 1);
    if (item) next.splice(to, 0, item);
    field.onChange(next);
  };
  return (
    <Stack gap="xs" data-testid="movie-sections">
      {[...order, ...left].map((section, i) => {
        const included = i < order.length;
        const name = t(`movieWizard.sections.${section}`);
        return (
          <Group key={section} gap="xs" wrap="nowrap" data-testid={`movie-section-${section}`}>
            <Checkbox
              label={name}
              checked={included}
              disabled={readOnly}
              onChange={(e) =>
                field.onChange(e.currentTarget.checked ? [...order, section] : order.filter((s) => s !== section))
              }
              style={{ flex: 1 }}
            />
            {included ? (
              <MoveArrows
                index={i}
                count={order.length}
                disabled={readOnly}
                onMove={(to) => move(i, to)}
                upLabel={t('movieWizard.moveUp', { name })}
                downLabel={t('movieWizard.moveDown', { name })}
                variant="subtle"
                size="lg"
              />
            ) : null}
          </Group>
        );
      })}
      {errorAt(form, 'sections') ? (
        <Text size="sm" c="red.9" role="alert">
          {errorAt(form, 'sections')}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The category images in the video: chosen among the vehicle's (at most 5), put in order, each with its text
 * (33 counted characters). The images not chosen follow, each with "add" while there is room.
 */
export function CategoryImagesStep({
  form,
  images,
  readOnly,
}: {
  form: MovieWizardForm;
  images: readonly SliderItemAnswer[];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const list = useFieldArray({ control: form.control, name: 'category_images' });
  const chosen = (useWatch({ control: form.control, name: 'category_images' }) ?? []) as { item_id: string }[];
  const pictures = images.flatMap((item) => (item.kind === 'image' ? [item] : []));
  const byId = new Map(pictures.map((p) => [p.id, p]));
  const others = pictures.filter((p) => !chosen.some((c) => c.item_id === p.id));
  const full = chosen.length >= VIDEO_MAX_CATEGORY_IMAGES;
  const listError = errorAt(form, 'category_images');

  if (pictures.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t('movieWizard.categories.noImages')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="movie-category-images">
      <Text size="sm" c={full ? 'orange.9' : 'gray.7'}>
        {t('movieWizard.categories.count', { count: chosen.length, max: VIDEO_MAX_CATEGORY_IMAGES })}
      </Text>
      {listError ? (
        <Text size="sm" c="red.9" role="alert">
          {listError}
        </Text>
      ) : null}
      {list.fields.map((row, i) => {
        const picture = byId.get(chosen[i]?.item_id ?? '');
        const name = t('movieWizard.categories.imageN', { n: i + 1 });
        return (
          <Paper key={row.id} withBorder p="xs" radius="md" data-testid="movie-category-chosen">
            <Group gap="sm" align="flex-start" wrap="wrap">
              <Image src={pictureUrl(picture?.image)} alt={name} w={120} h={68} fit="cover" radius="sm" />
              <div style={{ flex: '1 1 220px', minWidth: 0 }}>
                <MovieTextField
                  form={form}
                  name={`category_images.${i}.text`}
                  label={t('movieWizard.fields.categoryText', { n: i + 1 })}
                  testId={`movie-category-text-${i}`}
                />
                {errorAt(form, `category_images.${i}.item_id`) ? (
                  <Text size="sm" c="red.9" role="alert">
                    {errorAt(form, `category_images.${i}.item_id`)}
                  </Text>
                ) : null}
              </div>
              <Group gap={4} wrap="nowrap">
                <MoveArrows
                  index={i}
                  count={list.fields.length}
                  disabled={readOnly}
                  onMove={(to) => list.move(i, to)}
                  upLabel={t('movieWizard.moveUp', { name })}
                  downLabel={t('movieWizard.moveDown', { name })}
                  variant="subtle"
                  size="lg"
                />
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconX size={14} aria-hidden />}
                  disabled={readOnly}
                  onClick={() => list.remove(i)}
                >
                  {t('movieWizard.categories.remove')}
                </Button>
              </Group>
            </Group>
          </Paper>
        );
      })}
      {others.length > 0 ? (
        <Group gap="sm" wrap="wrap">
          {others.map((p, i) => (
            <Stack key={p.id} gap={4} align="center" w={130}>
              <Image src={pictureUrl(p.image)} alt="" w={120} h={68} fit="cover" radius="sm" />
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={readOnly || full}
                onClick={() => list.append({ item_id: p.id, text: '' })}
                aria-label={t('movieWizard.categories.addN', { n: i + 1, caption: p.caption })}
                data-testid="movie-category-add"
              >
                {t('movieWizard.categories.add')}
              </Button>
            </Stack>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
