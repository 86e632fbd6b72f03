import { Button, type ButtonProps, Loader } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { BUSY_LOADER_COLOR, busyProps } from '../shared/buttons/busy.ts';

type NativeButtonProps = Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps | 'children'>;

/**
 * A button that acts on this screen, its icon before the text (or after it, for a step forward): LinkButton's twin
 * for actions, so every screen draws the icon at the same size and hides it from screen readers. While `loading`,
 * the spinner takes the icon's place and the button refuses clicks without losing focus (shared/buttons/busy.ts).
 */
export function ActionButton({
  icon: ButtonIcon,
  iconAfter = false,
  iconSize = 16,
  testId,
  children,
  loading = false,
  onClick,
  mod,
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
  const icon = loading ? (
    <Loader size={iconSize} color={BUSY_LOADER_COLOR} />
  ) : (
    <ButtonIcon size={iconSize} aria-hidden />
  );
  const busy = busyProps(loading, onClick);
  return (
    <Button
      {...button}
      {...busy}
      mod={[busy.mod, mod]}
      leftSection={iconAfter ? undefined : icon}
      rightSection={iconAfter ? icon : undefined}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
