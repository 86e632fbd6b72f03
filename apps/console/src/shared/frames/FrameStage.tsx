import { Text, VisuallyHidden } from '@mantine/core';
import { type HTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import classes from './frames.module.css';

export interface FrameStageProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  imageUrl: string;
  width: number;
  height: number;
  /** The stage's accessible name (which frame of how many). */
  label: string;
  /** How to work the stage, shown under it and read as its description. */
  hint: string;
  /** What is selected where, announced as it changes. */
  status: string;
  /** When given, the status is shown under the hint too, with this test id. */
  statusTestId?: string;
  stageRef?: Ref<HTMLDivElement>;
  /** What is drawn over the frame: hotspot markers, blur regions. */
  children: ReactNode;
}

/**
 * One frame of a row shown large as one focusable control (role application: the editor's keys operate it), with
 * what the editor draws over it. The pointer and key handlers are the editor's, passed through to the surface.
 */
export function FrameStage(props: FrameStageProps) {
  const { imageUrl, width, height, label, hint, status, statusTestId, stageRef, children, style, ...surface } = props;
  const hintId = useId();
  return (
    <div>
      <div
        ref={stageRef}
        role="application"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: an editing surface (role application) operated by its keys
        tabIndex={0}
        aria-label={label}
        aria-describedby={hintId}
        className={classes.stage}
        style={{ aspectRatio: `${width} / ${height}`, ...style }}
        {...surface}
      >
        <img src={imageUrl} alt="" draggable={false} className={classes.picture} />
        {children}
      </div>
      <Text size="xs" c="gray.7" mt={4} id={hintId}>
        {hint}
      </Text>
      <VisuallyHidden aria-live="polite">{status}</VisuallyHidden>
      {statusTestId ? (
        <Text size="sm" fw={600} mt={4} data-testid={statusTestId}>
          {status}
        </Text>
      ) : null}
    </div>
  );
}
