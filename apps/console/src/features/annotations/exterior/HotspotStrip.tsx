import { type ExteriorFrameAnswer, type HotspotKeyFrame, hotspotPositionAt } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { FrameStrip, joinLabel } from '../../../shared/frames/FrameStrip.tsx';
import { hasKeyOn } from '../../../shared/frames/frameKeys.ts';

export interface HotspotStripProps {
  frames: readonly ExteriorFrameAnswer[];
  frame: number;
  /** The selected hotspot's key frames: marked with a diamond, the frames it is visible on underlined. */
  keys: readonly HotspotKeyFrame[] | null;
  onPick: (frame: number) => void;
}

/** The row's frames as thumbnails, marked with the selected hotspot's path. */
export function HotspotStrip({ frames, frame, keys, onPick }: HotspotStripProps) {
  const { t } = useTranslation();
  const n = frames.length;
  return (
    <FrameStrip
      frames={frames.map((f, index) => ({ id: f.id, index, thumbnail: f.image.renditions.thumbnail?.jpeg ?? f.url }))}
      frame={frame}
      label={t('annotations.strip.label')}
      testId="annotation-strip"
      markAt={
        keys
          ? (index) => ({ key: hasKeyOn(keys, index), reached: hotspotPositionAt(keys, index, n) !== null })
          : undefined
      }
      cellLabel={(index, mark) =>
        joinLabel([
          t('annotations.strip.frame', { n: index + 1 }),
          mark.key && t('annotations.strip.keyFrame'),
          !mark.key && mark.reached && t('annotations.strip.interpolated'),
        ])
      }
      onPick={onPick}
    />
  );
}
