import { Button, type ButtonProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

type NativeButtonProps = Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps | 'children'>;

/**
 * A button that acts on this screen, its icon before the text (or after it, for a step forward): LinkButton's twin
 * for actions, so every screen draws the icon at the same size and hides it from screen readers.
 */
export function ActionButton({
  icon: ButtonIcon,
  iconAfter = false,
  iconSize = 16,
  testId,
  children,
  ...button
}: Omit<ButtonProps, 'leftSection' | 'rightSection' | 'children'> &
  NativeButtonProps & {
    icon: Icon;
    /** Draw the icon after the text (an arrow to the next step). */
    iconAfter?: boolean;
    iconSize?: number;
    testId?: string;
    children: ReactNode;
  }) {
  const icon = <ButtonIcon size={iconSize} aria-hidden />;
  return (
    <Button
      {...button}
      leftSection={iconAfter ? undefined : icon}
      rightSection={iconAfter ? icon : undefined}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
