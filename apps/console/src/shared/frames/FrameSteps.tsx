import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

export interface FrameStepsProps {
  frame: number;
  /** Goes to a frame (the caller wraps it round the spin). */
  onFrame: (frame: number) => void;
  /** The buttons' words and the "frame 3 of 36" between them, in the editor's texts. */
  previous: string;
  next: string;
  position: string;
  /** Test ids: `${testId}-previous`, `${testId}-next`, `${testId}-frame-number`. */
  testId: string;
}

/** Previous and next frame of a frame editor, with the frame shown between them. */
export function FrameSteps({ frame, onFrame, previous, next, position, testId }: FrameStepsProps) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Button
        type="button"
        variant="default"
        size="xs"
        leftSection={<IconChevronLeft size={14} aria-hidden="true" />}
        onClick={() => onFrame(frame - 1)}
        data-testid={`${testId}-previous`}
      >
        {previous}
      </Button>
      <Text size="sm" fw={600} data-testid={`${testId}-frame-number`}>
        {position}
      </Text>
      <Button
        type="button"
        variant="default"
        size="xs"
        rightSection={<IconChevronRight size={14} aria-hidden="true" />}
        onClick={() => onFrame(frame + 1)}
        data-testid={`${testId}-next`}
      >
        {next}
      </Button>
    </Group>
  );
}
