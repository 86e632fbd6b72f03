import { useTranslation } from 'react-i18next';
import { useRiderViewFiles } from '../../../api/slider.ts';
import type { MediaPanelProps } from '../mediaPanel.ts';
import { FileListPanel } from './FileListPanel.tsx';
import { Thumbnail } from './MediaList.tsx';

/** A bike's rider view: landscape JPEG or PNG images seen from the rider's seat, in order. */
export function RiderViewPanel({ contentId, readOnly }: MediaPanelProps) {
  const { t } = useTranslation();
  return (
    <FileListPanel
      files={useRiderViewFiles(contentId)}
      readOnly={readOnly}
      upload={{
        label: t('slider.riderView.add'),
        accept: 'image/jpeg,image/png',
        multiple: true,
        rule: 'rider_view_image',
        hint: (mb) => t('slider.riderView.rule', { mb }),
        testId: 'rider-upload',
      }}
      list={{ testId: 'rider-view', empty: t('slider.riderView.empty') }}
      item={(item, index) => {
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
      }}
    />
  );
}
