import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  useAddRiderViewImage,
  useDeleteRiderViewImage,
  useReorderRiderView,
  useRiderView,
} from '../../../api/slider.ts';
import type { MediaPanelProps } from '../mediaPanel.ts';
import { FileUpload } from './FileUpload.tsx';
import { MediaList, Thumbnail } from './MediaList.tsx';
import { SliderNotLoaded } from './SliderNotLoaded.tsx';
import { notifyRefusal } from './sliderText.ts';

/** A bike's rider view: landscape JPEG or PNG images seen from the rider's seat, in order. */
export function RiderViewPanel({ contentId, readOnly }: MediaPanelProps) {
  const { t } = useTranslation();
  const images = useRiderView(contentId);
  const add = useAddRiderViewImage(contentId);
  const reorder = useReorderRiderView(contentId);
  const remove = useDeleteRiderViewImage(contentId);
  if (images.isPending || images.isError) return <SliderNotLoaded failed={images.isError} />;
  const { items, max_bytes } = images.data;
  return (
    <Stack gap="md">
      <FileUpload
        label={t('slider.riderView.add')}
        accept="image/jpeg,image/png"
        multiple
        disabled={readOnly}
        rule={{ kind: 'rider_view_image', maxBytes: max_bytes }}
        upload={(file, onProgress) => add.mutateAsync({ file, onProgress })}
        hint={t('slider.riderView.rule', { mb: Math.round(max_bytes / 1024 / 1024) })}
        testId="rider-upload"
      />
      <MediaList
        testId="rider-view"
        empty={t('slider.riderView.empty')}
        readOnly={readOnly}
        busy={reorder.isPending || remove.isPending}
        items={items.map((item, index) => {
          const name = t('slider.riderView.name', { n: index + 1 });
          return {
            id: item.id,
            name,
            preview: (
              <Thumbnail
                webp={item.image.renditions.thumbnail?.webp ?? ''}
                jpeg={item.image.renditions.thumbnail?.jpeg ?? ''}
                alt={name}
              />
            ),
          };
        })}
        onReorder={(ids) => reorder.mutate({ ids }, { onError: notifyRefusal })}
        onDelete={(id) => remove.mutateAsync(id).catch(notifyRefusal)}
      />
    </Stack>
  );
}
