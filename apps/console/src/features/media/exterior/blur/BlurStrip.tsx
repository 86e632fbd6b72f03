import { type BlurFrameAnswer, type BlurRegion, regionBoxAt } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { FrameStrip, joinLabel } from '../../../../shared/frames/FrameStrip.tsx';
import { hasKeyOn } from '../../../../shared/frames/frameKeys.ts';

export interface BlurStripProps {
  frames: readonly BlurFrameAnswer[];
  frame: number;
  /** The selected region: its key frames are marked, the frames it reaches underlined. */
  region: BlurRegion | undefined;
  onPick: (frame: number) => void;
}

const BADGE_COLOUR = { blur: 'rgba(134, 46, 156, 0.9)', replace: 'rgba(73, 80, 87, 0.9)' } as const;

/** The row's frames as thumbnails, marked with the selected region's key frames and with what was done to each. */
export function BlurStrip({ frames, frame, region, onPick }: BlurStripProps) {
  const { t } = useTranslation();
  const n = frames.length;
  const editOf = (index: number) => frames.find((f) => f.index === index)?.edit_kind ?? null;
  return (
    <FrameStrip
      frames={frames.map((f) => ({
        id: f.id,
        index: f.index,
        thumbnail: f.original.renditions.thumbnail?.jpeg ?? f.original.renditions.display?.jpeg,
      }))}
      frame={frame}
      label={t('exteriorBlur.strip.label')}
      testId="blur-strip"
      cellWidth={88}
      keyColour="#ffd43b"
      markAt={
        region
          ? (index) => ({ key: hasKeyOn(region.keys, index), reached: regionBoxAt(region, index, n) !== null })
          : undefined
      }
      cellLabel={(index, mark) => {
        const edit = editOf(index);
        return joinLabel([
          t('exteriorBlur.strip.frame', { n: index + 1 }),
          mark.key && t('exteriorBlur.strip.keyFrame'),
          !mark.key && mark.reached && t('exteriorBlur.strip.carried'),
          edit === 'blur' && t('exteriorBlur.strip.blurred'),
          edit === 'replace' && t('exteriorBlur.strip.replaced'),
        ]);
      }}
      badge={(index) => {
        const edit = editOf(index);
        if (!edit) return null;
        const text = t(edit === 'blur' ? 'exteriorBlur.strip.blurredShort' : 'exteriorBlur.strip.replacedShort');
        return { kind: edit, text, colour: BADGE_COLOUR[edit] };
      }}
      onPick={onPick}
    />
  );
}
