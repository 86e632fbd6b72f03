import { Button, type ButtonProps, Loader } from '@mantine/core';
import { type Icon, IconTrash } from '@tabler/icons-react';
import type { MouseEventHandler, ReactNode } from 'react';
import { BUSY_LOADER_COLOR, busyProps } from './busy.ts';

/** How a tool reads: a plain one, a light (secondary) one, or the subtle red of deleting. */
export type ToolTone = 'default' | 'light' | 'filled' | 'danger';

export type ToolButtonProps = Omit<ButtonProps, 'leftSection' | 'variant' | 'color' | 'children'> & {
  icon: Icon;
  tone?: ToolTone;
  type?: 'button' | 'submit';
  onClick?: MouseEventHandler<HTMLButtonElement> | undefined;
  children: ReactNode;
  'data-testid'?: string;
};

// The icon follows the button's text: the smaller the button, the smaller its icon.
const ICON_SIZES: Record<string, number> = { 'compact-xs': 12, xs: 14, 'compact-sm': 14 };

/**
 * A button with an icon before its label, as the media and hotspot editors' tools are drawn: one place decides
 * the icon's size and hides it from screen readers, and what "danger" looks like. While `loading`, the spinner
 * takes the icon's place and the button refuses clicks without losing focus (busy.ts).
 */
export function ToolButton({
  icon: ToolIcon,
  tone = 'default',
  type = 'button',
  size,
  loading = false,
  onClick,
  mod,
  ...rest
}: ToolButtonProps) {
  const iconSize = (size && ICON_SIZES[size]) ?? 16;
  const busy = busyProps(loading, onClick);
  return (
    <Button
      type={type}
      size={size}
      variant={tone === 'danger' ? 'subtle' : tone}
      color={tone === 'danger' ? 'red' : undefined}
      leftSection={
        loading ? <Loader size={iconSize} color={BUSY_LOADER_COLOR} /> : <ToolIcon size={iconSize} aria-hidden />
      }
      {...rest}
      {...busy}
      mod={[busy.mod, mod]}
    />
  );
}

/** The tool that deletes (or asks to delete) what it stands by: a bin in the subtle red of danger. */
export function DeleteButton(props: Omit<ToolButtonProps, 'icon' | 'tone'>) {
  return <ToolButton tone="danger" icon={IconTrash} {...props} />;
}
