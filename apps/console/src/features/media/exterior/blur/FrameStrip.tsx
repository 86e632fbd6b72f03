import { ScrollArea, UnstyledButton } from '@mantine/core';
import { type BlurFrameAnswer, type BlurRegion, regionBoxAt } from '@spinyard/domain';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isKeyFrame } from './editorState.ts';

export interface FrameStripProps {
  frames: readonly BlurFrameAnswer[];
  frame: number;
  /** The selected region: its key frames are marked, the frames it reaches underlined. */
  region: BlurRegion | undefined;
  onPick: (frame: number) => void;
}

/**
 * The row's frames as thumbnails, to pick the frame to edit. One tab stop (the frame shown); the arrow keys, Home
 * and End move along the strip. A diamond marks the selected region's key frames, a bar the frames it reaches.
 */
export function FrameStrip({ frames, frame, region, onPick }: FrameStripProps) {
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
    event.stopPropagation();
    const next = ((to % n) + n) % n;
    onPick(next);
    refs.current[next]?.focus();
  };

  return (
    <ScrollArea type="auto" offsetScrollbars scrollbarSize={8}>
      <div
        role="toolbar"
        aria-label={t('exteriorBlur.strip.label')}
        onKeyDown={onKeyDown}
        style={{ display: 'flex', gap: 6, padding: '4px 2px 8px' }}
        data-testid="blur-strip"
      >
        {frames.map((f) => {
          const current = f.index === frame;
          const key = region ? isKeyFrame(region, f.index) : false;
          const reached = region ? regionBoxAt(region, f.index, n) !== null : false;
          const label = [
            t('exteriorBlur.strip.frame', { n: f.index + 1 }),
            key ? t('exteriorBlur.strip.keyFrame') : null,
            !key && reached ? t('exteriorBlur.strip.carried') : null,
            f.edit_kind === 'blur' ? t('exteriorBlur.strip.blurred') : null,
            f.edit_kind === 'replace' ? t('exteriorBlur.strip.replaced') : null,
          ]
            .filter(Boolean)
            .join(', ');
          return (
            <UnstyledButton
              key={f.id}
              ref={(el) => {
                refs.current[f.index] = el;
              }}
              type="button"
              tabIndex={current ? 0 : -1}
              aria-pressed={current}
              aria-label={label}
              onClick={() => onPick(f.index)}
              data-testid={`blur-strip-frame-${f.index}`}
              data-key={key ? 'true' : undefined}
              style={{
                position: 'relative',
                flex: '0 0 auto',
                width: 88,
                borderRadius: 4,
                outline: current ? '3px solid var(--mantine-color-blue-6)' : '1px solid var(--mantine-color-gray-4)',
                outlineOffset: current ? 1 : 0,
              }}
            >
              <img
                src={f.original.renditions.thumbnail?.jpeg ?? f.original.renditions.display?.jpeg}
                alt=""
                draggable={false}
                style={{ display: 'block', width: '100%', borderRadius: 4 }}
              />
              <span
                style={{
                  position: 'absolute',
                  left: 4,
                  top: 2,
                  fontSize: 11,
                  fontWeight: 700,
                  color: '#fff',
                  textShadow: '0 0 3px #000, 0 0 2px #000',
                }}
                aria-hidden="true"
              >
                {f.index + 1}
              </span>
              {f.edit_kind ? (
                <span
                  aria-hidden="true"
                  data-edit={f.edit_kind}
                  style={{
                    position: 'absolute',
                    left: 3,
                    bottom: 9,
                    padding: '0 4px',
                    borderRadius: 3,
                    fontSize: 10,
                    lineHeight: '14px',
                    fontWeight: 700,
                    color: '#fff',
                    background: f.edit_kind === 'blur' ? 'rgba(134, 46, 156, 0.9)' : 'rgba(73, 80, 87, 0.9)',
                  }}
                >
                  {t(f.edit_kind === 'blur' ? 'exteriorBlur.strip.blurredShort' : 'exteriorBlur.strip.replacedShort')}
                </span>
              ) : null}
              {key ? (
                <span
                  aria-hidden="true"
                  style={{
                    position: 'absolute',
                    right: 4,
                    top: 4,
                    width: 10,
                    height: 10,
                    background: '#ffd43b',
                    border: '1px solid #000',
                    transform: 'rotate(45deg)',
                  }}
                />
              ) : null}
              <span
                aria-hidden="true"
                style={{
                  display: 'block',
                  height: 4,
                  marginTop: 2,
                  borderRadius: 2,
                  background: reached ? '#f08c00' : 'transparent',
                }}
              />
            </UnstyledButton>
          );
        })}
      </div>
    </ScrollArea>
  );
}
