import { ScrollArea, UnstyledButton } from '@mantine/core';
import { type CSSProperties, type KeyboardEvent, useEffect, useRef } from 'react';
import { wrapFrame } from './frameKeys.ts';
import classes from './frames.module.css';

/** One frame of the strip: its place in the row and its thumbnail. */
export interface StripFrame {
  id: string;
  index: number;
  thumbnail: string | undefined;
}

/** How the selected track (a hotspot's path, a blur region) stands on a frame. */
export interface FrameMark {
  /** A key frame of the track there: a diamond. */
  key: boolean;
  /** The track reaches that frame (a key or between keys): a bar under the picture. */
  reached: boolean;
}

/** A word over a frame's picture (the blur editor's "blurred", "replaced") on its colour. */
export interface StripBadge {
  kind: string;
  text: string;
  colour: string;
}

export interface FrameStripProps {
  frames: readonly StripFrame[];
  frame: number;
  /** The toolbar's accessible name. */
  label: string;
  /** The toolbar's test id; each frame's is `${testId}-frame-${index}`. */
  testId: string;
  /** The selected track's marks on a frame; none when nothing is selected. */
  markAt?: ((index: number) => FrameMark) | undefined;
  /** Each frame's accessible name, from its marks. */
  cellLabel: (index: number, mark: FrameMark) => string;
  /** What else a frame shows over its picture, if anything. */
  badge?: (index: number) => StripBadge | null;
  /** Thumbnail width in pixels, and the key diamond's colour (the editor's accent). */
  cellWidth?: number;
  keyColour?: string;
  onPick: (frame: number) => void;
}

const NO_MARK: FrameMark = { key: false, reached: false };

/** The parts of an accessible name that apply, joined as one. */
export const joinLabel = (parts: readonly (string | null | false | undefined)[]) => parts.filter(Boolean).join(', ');

/**
 * A row's frames as thumbnails, to pick the frame to edit. One tab stop (the frame shown); the arrow keys, Home
 * and End move along the strip. A diamond marks the selected track's key frames, a bar the frames it reaches.
 */
export function FrameStrip(props: FrameStripProps) {
  const { frames, frame, markAt, cellLabel, badge, onPick } = props;
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
    // Inside the blur wizard's form: nothing here may reach its key handling.
    event.stopPropagation();
    const next = wrapFrame(to, n);
    onPick(next);
    refs.current[next]?.focus();
  };
  const look = {
    ...(props.cellWidth ? { '--frames-cell-width': `${props.cellWidth}px` } : {}),
    ...(props.keyColour ? { '--frames-key-colour': props.keyColour } : {}),
  } as CSSProperties;

  return (
    <ScrollArea type="auto" offsetScrollbars scrollbarSize={8}>
      <div
        role="toolbar"
        aria-label={props.label}
        onKeyDown={onKeyDown}
        className={classes.strip}
        style={look}
        data-testid={props.testId}
      >
        {frames.map((f) => {
          const mark = markAt?.(f.index) ?? NO_MARK;
          return (
            <UnstyledButton
              key={f.id}
              ref={(el) => {
                refs.current[f.index] = el;
              }}
              type="button"
              tabIndex={f.index === frame ? 0 : -1}
              aria-pressed={f.index === frame}
              aria-label={cellLabel(f.index, mark)}
              onClick={() => onPick(f.index)}
              className={classes.cell}
              data-testid={`${props.testId}-frame-${f.index}`}
              data-key={mark.key ? 'true' : undefined}
              data-visible={mark.reached ? 'true' : undefined}
            >
              <img src={f.thumbnail} alt="" draggable={false} className={classes.cellImage} />
              <span aria-hidden="true" className={classes.cellNumber}>
                {f.index + 1}
              </span>
              <Badge badge={badge?.(f.index) ?? null} />
              {mark.key ? <span aria-hidden="true" className={classes.cellKey} /> : null}
              <span aria-hidden="true" className={classes.cellReach} data-reached={mark.reached ? 'true' : undefined} />
            </UnstyledButton>
          );
        })}
      </div>
    </ScrollArea>
  );
}

function Badge({ badge }: { badge: StripBadge | null }) {
  if (!badge) return null;
  return (
    <span aria-hidden="true" data-edit={badge.kind} className={classes.cellBadge} style={{ background: badge.colour }}>
      {badge.text}
    </span>
  );
}
