import { Button, type ButtonProps } from '@mantine/core';
import { IconLink, IconLinkOff } from '@tabler/icons-react';

/** A link action: link (or retry), unlink (or dismiss an error), cancel a waiting link. */
export type LinkAction = 'link' | 'unlink' | 'cancel';

/**
 * The link buttons of the detail card, a list row and the list's bulk bar, drawn one way: link first (light), then
 * unlink or cancel (quiet), each with its icon; `onAct` gets whether it links.
 */
export function LinkActionButtons({
  actions,
  size,
  pending,
  onAct,
  label,
  ariaLabel,
  disabled,
  title,
  testIds,
}: {
  actions: readonly LinkAction[];
  size: ButtonProps['size'];
  pending: boolean;
  onAct: (link: boolean) => void;
  label: (action: LinkAction) => string;
  /** A longer name for screen readers (the row's vehicle), containing the visible label. */
  ariaLabel?: (action: LinkAction) => string;
  disabled?: (action: LinkAction) => boolean;
  title?: string | undefined;
  testIds: { link: string; unlink: string };
}) {
  const iconSize = size === 'compact-xs' ? 12 : 16;
  return actions.map((action) => {
    const Icon = action === 'link' ? IconLink : IconLinkOff;
    return (
      <Button
        key={action}
        size={size}
        variant={action === 'link' ? 'light' : 'default'}
        leftSection={<Icon size={iconSize} aria-hidden />}
        loading={pending}
        disabled={disabled?.(action) ?? false}
        title={title}
        onClick={() => onAct(action === 'link')}
        aria-label={ariaLabel?.(action)}
        data-testid={action === 'link' ? testIds.link : testIds.unlink}
      >
        {label(action)}
      </Button>
    );
  });
}

/** The actions a state offers, in the buttons' order. */
export function offeredActions(offers: { link: boolean; unlink: 'unlink' | 'cancel' | null }): LinkAction[] {
  const actions: LinkAction[] = offers.link ? ['link'] : [];
  return offers.unlink ? [...actions, offers.unlink] : actions;
}
