import { ScrollArea, UnstyledButton } from '@mantine/core';
import { type ExteriorFrameAnswer, type HotspotKeyFrame, hotspotPositionAt } from '@spinyard/domain';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Annotator.module.css';
import { isKeyFrame } from './keyFrames.ts';

export interface FrameStripProps {
  frames: readonly ExteriorFrameAnswer[];
  frame: number;
  /** The selected hotspot's key frames: marked with a diamond, the frames it is visible on underlined. */
  keys: readonly HotspotKeyFrame[] | null;
  onPick: (frame: number) => void;
}

/** The row's frames as thumbnails. One tab stop (the frame shown); arrows, Home and End move along the strip. */
export function FrameStrip({ frames, frame, keys, onPick }: FrameStripProps) {
  const { t } = useTranslation();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const n = frames.length;

  useEffect(() => {
    refs.current[frame]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [frame]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowLeft: frame - 1, ArrowRight: frame + 1, Home: 0, End: n - 1 };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = ((to % n) + n) % n;
    onPick(next);
    refs.current[next]?.focus();
  };

  return (
    <ScrollArea type="auto" offsetScrollbars scrollbarSize={8}>
      <div role="toolbar" aria-label={t('annotations.strip.label')} onKeyDown={onKeyDown} className={classes.strip}>
        {frames.map((f, index) => {
          const key = keys ? isKeyFrame(keys, index) : false;
          const reached = keys ? hotspotPositionAt(keys, index, n) !== null : false;
          const label = [
            t('annotations.strip.frame', { n: index + 1 }),
            key ? t('annotations.strip.keyFrame') : null,
            !key && reached ? t('annotations.strip.interpolated') : null,
          ]
            .filter(Boolean)
            .join(', ');
          return (
            <UnstyledButton
              key={f.id}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              tabIndex={index === frame ? 0 : -1}
              aria-pressed={index === frame}
              aria-label={label}
              onClick={() => onPick(index)}
              className={classes.cell}
              data-testid={`annotation-strip-frame-${index}`}
              data-key={key ? 'true' : undefined}
              data-visible={reached ? 'true' : undefined}
            >
              <img
                src={f.image.renditions.thumbnail?.jpeg ?? f.url}
                alt=""
                draggable={false}
                className={classes.cellImage}
              />
              <span aria-hidden="true" className={classes.cellNumber}>
                {index + 1}
              </span>
              {key ? <span aria-hidden="true" className={classes.cellKey} /> : null}
              <span
                aria-hidden="true"
                className={classes.cellReach}
                style={{ background: reached ? '#f08c00' : 'transparent' }}
              />
            </UnstyledButton>
          );
        })}
      </div>
    </ScrollArea>
  );
}
