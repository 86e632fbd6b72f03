import { ActionIcon } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';

const STEPS = [
  { step: -1, Arrow: IconArrowUp },
  { step: 1, Arrow: IconArrowDown },
] as const;

/**
 * The two arrow buttons that move an item of an ordered list one place up or down; each is off at its end of the
 * list. The labels name the item, as the arrows alone say nothing to a screen reader.
 */
export function MoveArrows(props: {
  index: number;
  count: number;
  disabled: boolean;
  onMove: (to: number) => void;
  upLabel: string;
  downLabel: string;
  variant: 'default' | 'subtle';
  size: 'md' | 'lg';
}) {
  const { index, count, disabled } = props;
  const iconSize = props.size === 'lg' ? 18 : 16;
  return (
    <>
      {STEPS.map(({ step, Arrow }) => (
        <ActionIcon
          key={step}
          type="button"
          variant={props.variant}
          size={props.size}
          aria-label={step < 0 ? props.upLabel : props.downLabel}
          disabled={disabled || index === (step < 0 ? 0 : count - 1)}
          onClick={() => props.onMove(index + step)}
        >
          <Arrow size={iconSize} aria-hidden />
        </ActionIcon>
      ))}
    </>
  );
}
