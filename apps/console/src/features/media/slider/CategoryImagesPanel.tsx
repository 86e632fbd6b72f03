import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type SliderAnswer, type SliderCategory, type SliderItemAnswer, sliderImageFields } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { useAddCategoryImage, useDeleteSliderItem, useReorderSlider, useSlider } from '../../../api/slider.ts';
import { useZodForm } from '../../../forms/useZodForm.ts';
import { SliderAiActions } from '../ai/SliderAiActions.tsx';
import type { MediaPanelProps } from '../mediaPanel.ts';
import { CaptionField } from './CaptionField.tsx';
import { FileUpload } from './FileUpload.tsx';
import { ItemEditor } from './ItemEditor.tsx';
import { MediaList, Thumbnail } from './MediaList.tsx';
import { mergeOrder } from './order.ts';
import { SliderNotLoaded } from './SliderNotLoaded.tsx';
import { notifyRefusal } from './sliderText.ts';

type ImageItem = Extract<SliderItemAnswer, { kind: 'image' }>;

const isImage = (item: SliderItemAnswer): item is ImageItem => item.kind === 'image';

/**
 * Category images of the slider: choose a category and a caption, then a JPEG or PNG (16:9, 4:3 or 2:1, up to
 * 30 MB); the list shows each image with its category and the caption as stored, in the slider's order.
 * With the category-image template on, each of the template's categories is a slot to fill.
 */
export function CategoryImagesPanel({ contentId, readOnly }: MediaPanelProps) {
  const slider = useSlider(contentId);
  if (slider.isPending || slider.isError) return <SliderNotLoaded failed={slider.isError} />;
  return <CategoryImages contentId={contentId} readOnly={readOnly} slider={slider.data} />;
}

function CategoryImages({ contentId, readOnly, slider }: MediaPanelProps & { slider: SliderAnswer }) {
  const { t } = useTranslation();
  const add = useAddCategoryImage(contentId);
  const reorder = useReorderSlider(contentId);
  const remove = useDeleteSliderItem(contentId);
  const form = useZodForm(sliderImageFields, {
    defaultValues: { category: slider.config.template?.[0] ?? 'exterior', caption: '' },
  });
  const category = form.watch('category') as SliderCategory;
  const caption = form.watch('caption') ?? '';
  const images = slider.items.filter(isImage);
  const categoryLabel = (c: string) => t(`slider.categories.${c}`);
  const aspects = slider.config.aspects
    .map((a) => (a.examples.length > 0 ? `${a.id} (${a.examples.join(', ')})` : a.id))
    .join(' / ');

  const upload = async (file: File, onProgress: (fraction: number) => void) => {
    const fields = form.getValues();
    await add.mutateAsync({ file, onProgress, fields: { category: fields.category, caption: fields.caption ?? '' } });
    form.setValue('caption', '');
  };

  return (
    <Stack gap="md">
      <SliderAiActions contentId={contentId} readOnly={readOnly} ai={slider.ai_options} />
      {slider.config.template ? (
        <Stack gap="xs" data-testid="category-template">
          <Title order={4}>{t('slider.template.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('slider.template.help')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
            {slider.config.template.map((slot) => {
              const count = images.filter((i) => i.category === slot).length;
              return (
                <Card key={slot} withBorder padding="xs" data-testid={`template-slot-${slot}`}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={2}>
                      <Text size="sm" fw={600}>
                        {categoryLabel(slot)}
                      </Text>
                      <Badge color={count > 0 ? 'teal' : 'gray'} variant="light">
                        {count > 0 ? t('slider.template.filled', { n: count }) : t('slider.template.empty')}
                      </Badge>
                    </Stack>
                    <Button
                      type="button"
                      size="xs"
                      variant={category === slot ? 'filled' : 'default'}
                      aria-pressed={category === slot}
                      disabled={readOnly}
                      onClick={() => form.setValue('category', slot)}
                    >
                      {t('slider.template.choose')}
                    </Button>
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
        </Stack>
      ) : null}

      <Stack gap="sm">
        <Select
          label={t('slider.category.label')}
          data={slider.config.categories.map((c) => ({ value: c, label: categoryLabel(c) }))}
          value={category}
          onChange={(value) => {
            if (value) form.setValue('category', value as SliderCategory);
          }}
          allowDeselect={false}
          disabled={readOnly}
          data-testid="category-select"
        />
        <CaptionField
          value={caption}
          onChange={(value) => form.setValue('caption', value)}
          error={form.formState.errors.caption?.message}
          disabled={readOnly}
          testId="category-caption"
        />
        <FileUpload
          label={t('slider.images.add')}
          accept="image/jpeg,image/png"
          multiple
          disabled={readOnly}
          rule={{ kind: 'category_image', maxBytes: slider.config.max_bytes }}
          upload={upload}
          hint={t('slider.images.rule', { aspects, mb: Math.round(slider.config.max_bytes / 1024 / 1024) })}
          testId="category-upload"
        />
      </Stack>

      <MediaList
        testId="category-images"
        empty={t('slider.images.empty')}
        readOnly={readOnly}
        busy={reorder.isPending || remove.isPending}
        items={images.map((item, index) => ({
          id: item.id,
          name: t('slider.images.name', { n: index + 1, category: categoryLabel(item.category) }),
          preview: (
            <Thumbnail
              webp={item.image.renditions.thumbnail?.webp ?? ''}
              jpeg={item.image.renditions.thumbnail?.jpeg ?? ''}
              alt={item.caption || categoryLabel(item.category)}
            />
          ),
          details: (
            <>
              <Badge variant="light" w="fit-content">
                {categoryLabel(item.category)}
              </Badge>
              <Text size="sm" data-testid="category-image-caption" style={{ overflowWrap: 'anywhere' }}>
                {item.caption || t('slider.caption.none')}
              </Text>
              <ItemEditor
                contentId={contentId}
                itemId={item.id}
                caption={item.caption}
                category={item.category}
                categories={slider.config.categories}
                disabled={readOnly}
              />
            </>
          ),
        }))}
        onReorder={(ids) =>
          reorder.mutate(
            {
              ids: mergeOrder(
                slider.items.map((i) => i.id),
                ids,
              ),
            },
            { onError: notifyRefusal },
          )
        }
        onDelete={(id) => remove.mutateAsync(id).catch(notifyRefusal)}
      />
    </Stack>
  );
}
