import { Button, Group, Select, Stack } from '@mantine/core';
import type { SliderCategory } from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateSliderItem } from '../../../api/slider.ts';
import { CaptionField } from './CaptionField.tsx';
import { notifyRefusal } from './sliderText.ts';

/**
 * Changes the caption (and, for an image, the category) of an item already in the slider; the server cuts the
 * caption the same way, and the list shows what it stored.
 */
export function ItemEditor({
  contentId,
  itemId,
  caption,
  category,
  categories,
  disabled,
}: {
  contentId: string;
  itemId: string;
  caption: string;
  category?: SliderCategory | undefined;
  categories?: readonly SliderCategory[] | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateSliderItem(contentId);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(caption);
  const [chosen, setChosen] = useState<SliderCategory | undefined>(category);

  if (!open) {
    return (
      <Button
        type="button"
        variant="subtle"
        size="compact-sm"
        w="fit-content"
        maw="100%"
        h="auto"
        // The label wraps in a narrow card (a phone) instead of running past its edge.
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        disabled={disabled}
        onClick={() => {
          setText(caption);
          setChosen(category);
          setOpen(true);
        }}
        data-testid="slider-item-edit"
      >
        {categories ? t('slider.edit.open') : t('slider.edit.openCaption')}
      </Button>
    );
  }
  const save = () =>
    update.mutate(
      { id: itemId, body: { caption: text, ...(chosen && categories ? { category: chosen } : {}) } },
      { onSuccess: () => setOpen(false), onError: notifyRefusal },
    );
  return (
    <Stack gap="xs" data-testid="slider-item-editor">
      {categories && chosen ? (
        <Select
          label={t('slider.category.label')}
          data={categories.map((c) => ({ value: c, label: t(`slider.categories.${c}`) }))}
          value={chosen}
          onChange={(value) => {
            if (value) setChosen(value as SliderCategory);
          }}
          allowDeselect={false}
        />
      ) : null}
      <CaptionField value={text} onChange={setText} testId="slider-item-caption" />
      <Group gap="xs">
        <Button type="button" size="xs" onClick={save} loading={update.isPending} data-testid="slider-item-save">
          {t('slider.edit.save')}
        </Button>
        <Button type="button" size="xs" variant="default" onClick={() => setOpen(false)} disabled={update.isPending}>
          {t('slider.edit.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
